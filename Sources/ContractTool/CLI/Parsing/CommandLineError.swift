import ContractCatalogue
import ContractEngine

/// Arguments the tool cannot run with.
struct CommandLineError: Error, Sendable {
    let message: String
    /// The command whose help the hint names.
    let command: String?
}

extension CommandLineError {
    /// A problem with the run the engine found, worded with the command line's flags: the one
    /// place a `SuiteSelection.UsageError` becomes text.
    init(_ problem: SuiteSelection.UsageError, command: String) {
        let message =
            switch problem {
            case .fixturesFolderMissing(let folder): "fixtures folder \(CodingPath.quote(folder)) does not exist"
            case .fixturesFolderIsAFile(let folder):
                "fixtures folder \(CodingPath.quote(folder)) is a file, not a folder"
            case .contractsFolderMissing(let folder): "contracts folder \(CodingPath.quote(folder)) does not exist"
            case .pathMissing(let path, let nearest):
                "path \(CodingPath.quote(path)) does not exist"
                    + (nearest.map { "; did you mean \(CodingPath.quote($0))?" } ?? "")
            case .noSuite(let start, nil):
                """
                no contract suite here: looked for a "contracts" folder (or a Package.swift) in \(CodingPath.quote(start)) \
                and every folder above it; run the command in your suite's folder, or give --contracts DIR
                """
            case .noSuite(_, let root?):
                """
                the suite at \(CodingPath.quote(root)) (found by its Package.swift) has no "contracts" folder; \
                make one there for your contracts, or give --contracts DIR
                """
            case .otherSuite(let contract, let suiteRoot, let root):
                """
                contract \(CodingPath.quote(contract)) \(suiteRoot.map { "belongs to the suite at \(CodingPath.quote($0))" } ?? "belongs to no suite"), \
                not to this one at \(CodingPath.quote(root)), so its fixtures are not this suite's Fixtures/; \
                run the command from its suite's folder, or give --fixtures DIR
                """
            case .baseURL(let mismatch): ArgumentValues.words(mismatch)
            case .nothingRecorded:
                """
                no selected case is recorded, so verify --live would check nothing against a server; \
                record cases with add --live (or give a case a "recorded" stamp with its URL), or select recorded ones
                """
            }
        self.init(message: message, command: command)
    }
}
