import ContractCatalogue
import Foundation

/// A contract suite as a list of cases, for a test target to run one test a case:
///
/// ```swift
/// @Test(arguments: try ContractSuite(contracts: "contracts", fixtures: "Fixtures").cases)
/// func contract(_ c: ContractCase) async throws { try await c.verify() }
/// ```
///
/// Relative folders are found from the suite's root, which is looked for as git looks for its
/// own, upwards from the file that creates the suite: the first folder holding `contracts/` or a
/// `Package.swift`. The suite is therefore found whatever folder the test runner starts in.
public struct ContractSuite: Sendable {
    /// Every case of every contract, in suite order; a contract that fails to load is one case
    /// named `(contract)` that fails with the contract's errors.
    public let cases: [ContractCase]

    /// Loads a suite.
    /// - Parameters:
    ///   - contracts: The contracts folder, from the suite's root unless absolute.
    ///   - fixtures: The fixtures folder, from the suite's root unless absolute.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - strict: Whether keys the model never reads fail their case, as `verify --strict` does.
    ///   - timeout: How long a replayed client may take to complete, in seconds; `nil` for the
    ///     default that `verify` has too.
    ///   - filePath: Where the search for the suite's root starts; the calling file by default.
    /// - Throws: `ContractSuite.LoadError` when the contracts folder does not exist, or the
    ///   fixtures folder is a file. Problems inside the suite are failing cases, never a thrown error.
    public init(
        contracts: String = "contracts", fixtures: String = "Fixtures", catalogue: Catalogue,
        strict: Bool = false, timeout: TimeInterval? = nil, filePath: String = #filePath
    ) throws(LoadError) {
        let start = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let root = SuiteLocation(currentDirectory: start).root
        var options = VerifyOptions()
        options.contractsFolder = contracts
        // As in `verify`: a missing default fixtures folder matters only to a case that names a fixture.
        options.fixturesFolder = fixtures == SuiteLocation.fixturesName ? nil : fixtures
        options.strict = strict
        if let timeout { options.timeout = timeout }
        // Paths are given from the root, so reports name files from there: `contracts/x.json`.
        do throws(SuiteSelection.UsageError) {
            let selection = try SuiteSelection(
                catalogue: catalogue, options: options, location: SuiteLocation(currentDirectory: root))
            let run = selection.runContext
            cases = selection.items.map { ContractCase(item: $0, root: root, run: run) }
        } catch {
            throw LoadError(error)
        }
    }

    /// Why a suite could not be loaded at all: a missing contracts folder, or a fixtures folder
    /// that is a file.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// The message.
        public var description: String { message }

        /// A problem the engine found, worded for a test target: in plain words, naming
        /// `ContractSuite`'s parameters, never the command line's flags.
        init(_ problem: SuiteSelection.UsageError) {
            message =
                switch problem {
                case .fixturesFolderMissing(let folder): "the fixtures folder \(JSONValue.quote(folder)) does not exist"
                case .fixturesFolderIsAFile(let folder):
                    "the fixtures folder \(JSONValue.quote(folder)) is a file, not a folder"
                case .contractsFolderMissing(let folder):
                    "the contracts folder \(JSONValue.quote(folder)) does not exist; pass contracts: to ContractSuite"
                case .pathMissing(let path, let nearest):
                    "the path \(JSONValue.quote(path)) does not exist"
                        + (nearest.map { "; did you mean \(JSONValue.quote($0))?" } ?? "")
                case .noSuite(_, let root):
                    "no \"contracts\" folder at the suite's root \(JSONValue.quote(root ?? "(none found)")); pass contracts: to ContractSuite"
                case .otherSuite(let contract, _, let root):
                    "contract \(JSONValue.quote(contract)) is not in the suite at \(JSONValue.quote(root)); pass fixtures: to ContractSuite for its own fixtures"
                case .baseURL(let mismatch): Self.words(mismatch)
                case .nothingRecorded:
                    "no selected case is recorded, so a live run would check nothing against a server; record a case first"
                }
        }

        /// Base URLs that do not fit the suite, in words.
        private static func words(_ mismatch: BaseURLChoice.Mismatch) -> String {
            func quoted(_ names: [String]) -> String { names.map { JSONValue.quote($0) }.joined(separator: ", ") }
            return switch mismatch {
            case .unknownAPI(let unknown, let known):
                "a base URL names the API \(JSONValue.quote(unknown)), which the catalogue does not have; known APIs are \(quoted(known))"
            case .bareForSeveral(let used):
                "a base URL without an API name is for a suite whose contracts use one API, and these use \(quoted(used)); name the API of each base URL"
            }
        }
    }
}
