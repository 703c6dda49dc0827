import ContractCatalogue
import Foundation

/// `release`'s front door: a release archived (`releases/VERSION/` with what that release's
/// decoders accept: the model profiles learnt from the suite's mutants, the pacts, the OpenAPI
/// document and a manifest), or retired from support by a date in its manifest. Every write is
/// planned first and made all or none, inside the suite. It sits above `Export/` and `Mutation/`,
/// whose documents it keeps.
extension ReleaseShelf {
    /// What a `release` command did, or why it did nothing.
    package enum Outcome: Sendable {
        /// The release was archived: its folder, as the user named it, and what it holds.
        case archived(folder: String, profiles: Int, pacts: Int, operations: Int)
        /// The release was retired (it no longer counts in the matrix).
        case retired(folder: String)
        /// The PATHs and filters select no case.
        case empty(SuiteSelection.Empty)
        /// Contracts, cases or fixtures that do not load, or a case whose mutants fail: diagnostics.
        case invalid([Diagnostic])
        /// The documents cannot be made, with why.
        case failed(reason: String)
        /// A file could not be written, so none was.
        case cannotWrite(FileWriteError)
    }

    /// Why a `release` command cannot start: values the command line words with its flags.
    package enum Refusal: Error, Sendable {
        /// The version cannot name a folder.
        case unnamable(String)
        /// The releases' folder is outside the suite, whose history a release belongs in.
        case outsideSuite(String)
        /// The release is archived already (an archive is never rewritten).
        case archived(String)
        /// No release of that version is archived.
        case notArchived(String)
        /// The release was retired already, on this date.
        case retiredAlready(String, on: String)
        /// Its manifest cannot be read.
        case unreadable(Diagnostic)
        /// The selection cannot be made.
        case selection(SuiteSelection.UsageError)
    }

    /// Whether a version can name a release's folder: not empty, not starting with `.`, and
    /// without `/`, `\` or control characters.
    /// - Parameter version: The version, as given.
    /// - Returns: `true` when it can.
    static func canName(version: String) -> Bool {
        SuiteExport.canNameFiles(consumer: version)
    }

    /// Archives a release of the whole suite (or of the selection).
    /// - Parameters:
    ///   - version: The app's version, the folder's name.
    ///   - consumer: The consumer the pacts are for.
    ///   - releases: The releases' folder as the user typed it.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - options: The folders, PATHs and filters that select the contracts.
    ///   - location: Where the suite is.
    ///   - writer: The suite's one writer.
    /// - Returns: What was written, or why nothing was.
    /// - Throws: `Refusal` when the version or the selection does not do.
    package static func archive(
        version: String, consumer: String, releases: String, catalogue: Catalogue, options: VerifyOptions,
        location: SuiteLocation, writer: SuiteWriter
    ) async throws(Refusal) -> Outcome {
        guard canName(version: version) else { throw .unnamable(version) }
        try inside(releases, location)
        let display = shown(releases) + version
        let folder = location.resolve(releases).appendingPathComponent(version)
        if FileManager.default.fileExists(atPath: folder.path) { throw .archived(display) }
        let selection: SuiteSelection
        do throws(SuiteSelection.UsageError) {
            selection = try SuiteSelection(catalogue: catalogue, options: options, location: location)
        } catch {
            throw .selection(error)
        }
        if let empty = selection.selectsNothing { return .empty(empty) }
        let problems =
            selection.items.flatMap { $0.problems ?? [] } + selection.fixtureProblems(in: selection.itemContracts)
        guard problems.isEmpty else { return .invalid(problems) }
        let commit = try? GitHead.read(at: location.root).get().commit
        let manifest = ReleaseManifest(
            version: version, commit: commit, date: ReleaseManifest.now(), consumer: consumer)
        var changes = FileChanges()
        changes.write(
            Data(manifest.text.utf8), to: folder.appendingPathComponent("manifest.json"),
            display: display + "/manifest.json")
        let profiles = await learnt(selection)
        for profile in profiles {
            changes.write(
                Data(profile.text.utf8), to: folder.appendingPathComponent("profiles/\(profile.model).json"),
                display: display + "/profiles/\(profile.model).json")
        }
        let made: (changes: FileChanges, pacts: Int, operations: Int)
        switch await documents(selection, version: version, consumer: consumer, into: folder, display: display) {
        case .failure(let failure): return .failed(reason: failure.reason)
        case .success(let documents):
            made = documents
            changes.merge(made.changes)
        }
        do throws(FileWriteError) {
            _ = try writer.write(changes)
        } catch {
            return .cannotWrite(error)
        }
        return .archived(folder: display, profiles: profiles.count, pacts: made.pacts, operations: made.operations)
    }

    /// Retires a release: its manifest gets the date it left support, and the matrix passes over it.
    /// - Parameters:
    ///   - version: The release's version.
    ///   - releases: The releases' folder as the user typed it.
    ///   - location: Where the suite is.
    ///   - writer: The suite's one writer.
    /// - Returns: What was written.
    /// - Throws: `Refusal` when no such release is archived, or it is retired already.
    package static func retire(
        version: String, releases: String, location: SuiteLocation, writer: SuiteWriter
    ) throws(Refusal) -> Outcome {
        guard canName(version: version) else { throw .unnamable(version) }
        try inside(releases, location)
        let display = shown(releases) + version
        let file = location.resolve(releases).appendingPathComponent(version).appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: file) else { throw .notArchived(display) }
        var manifest: ReleaseManifest
        switch ReleaseManifest.parse(data, file: display + "/manifest.json") {
        case .success(let read): manifest = read
        case .failure(let problem): throw .unreadable(problem)
        }
        if let retired = manifest.retired { throw .retiredAlready(display, on: retired) }
        manifest.retired = ReleaseManifest.now()
        var changes = FileChanges()
        changes.write(Data(manifest.text.utf8), to: file, display: display + "/manifest.json")
        do throws(FileWriteError) {
            _ = try writer.write(changes)
        } catch {
            return .cannotWrite(error)
        }
        return .retired(folder: display)
    }

    /// The release's pacts (carrying its version) and OpenAPI document, planned as writes.
    private static func documents(
        _ selection: SuiteSelection, version: String, consumer: String, into folder: URL, display: String
    ) async -> Result<(changes: FileChanges, pacts: Int, operations: Int), ExportFailure> {
        let contracts = selection.itemContracts
        var changes = FileChanges()
        switch await PactExport.pacts(
            for: contracts, fixtures: selection.fixtureLocator, consumer: consumer,
            version: ConsumerVersion(number: version, branch: nil))
        {
        case .failure(let failure): return .failure(failure)
        case .success(let made):
            // A release keeps what a passing suite says; a case verify fails would leave a hole.
            if let failing = made.leftOut.first(where: { $0.reason.group == nil }) {
                return .failure(
                    ExportFailure(
                        reason:
                            "\(failing.contract) › \(failing.caseName) fails verify (\(failing.reason.message))"))
            }
            changes.merge(
                PactExport.changes(made.files, in: folder.appendingPathComponent("pacts"), display: display + "/pacts"))
            switch await OpenAPIExport.document(for: contracts, fixtures: selection.fixtureLocator) {
            case .failure(let failure): return .failure(failure)
            case .success(let document):
                changes.merge(
                    OpenAPIExport.changes(
                        document.text, to: folder.appendingPathComponent("openapi.json"),
                        display: display + "/openapi.json")
                )
                return .success((changes, made.files.count, document.operations))
            }
        }
    }

    /// The profiles the selection's mutants teach, one per model, sorted by model.
    private static func learnt(_ selection: SuiteSelection) async -> [ModelProfile] {
        var session = MutationSession(
            options: selection.options, fixtures: selection.fixtureLocator, seed: 1, max: 2000, keepsBodies: false)
        for item in selection.items {
            _ = await session.mutate(item)
        }
        return session.profiles.values.sorted { $0.model < $1.model }
    }

    /// Refuses a releases' folder outside the suite's root.
    private static func inside(_ releases: String, _ location: SuiteLocation) throws(Refusal) {
        let root = location.root.standardizedFileURL.path
        let folder = location.resolve(releases).standardizedFileURL.path
        guard folder.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { throw .outsideSuite(releases) }
    }

    /// A folder as typed, ending in `/`.
    private static func shown(_ folder: String) -> String {
        folder.hasSuffix("/") ? folder : folder + "/"
    }
}
