import ContractCatalogue
import Foundation

/// `export`'s front door: the place to write checked, the selection made and checked (an invalid
/// contract or a case verify calls an error writes nothing), the document or the pacts made from
/// it, and their files written all or none, in one call. The pieces stay in their rooms: the pacts
/// in `Export/PactExport`, the document in `Export/OpenAPIExport`. It sits above `Suite/`, whose
/// selection it reads.
package enum SuiteExport {
    /// Whether a consumer's name can name the pact files, which must stay in the folder they are
    /// written to: not empty, not starting with `.`, and without `/`, `\` or control characters.
    /// - Parameter consumer: The consumer's name, as given.
    /// - Returns: `true` when the pacts can be named after it.
    package static func canNameFiles(consumer: String) -> Bool {
        !consumer.isEmpty && !consumer.hasPrefix(".")
            && !consumer.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 }
    }

    /// What to export.
    package enum Format: Sendable, Equatable {
        /// A Pact file per API, for this consumer at this version and branch (what is not given
        /// read from the suite's git checkout when `versionFromGit`), into a folder.
        case pact(consumer: String, version: String? = nil, branch: String? = nil, versionFromGit: Bool = false)
        /// One OpenAPI 3.1 document, into a file.
        case openAPI
    }

    /// Why the export cannot start: a value the command line words with its flags.
    package enum Refusal: Error, Sendable {
        /// The OpenAPI document's file is a folder.
        case outIsAFolder
        /// The pacts' folder is a file.
        case outIsAFile
        /// The selection cannot be made.
        case selection(SuiteSelection.UsageError)
    }

    /// Exports the selected contracts.
    /// - Parameters:
    ///   - format: The pacts or the document.
    ///   - out: The folder (pact) or the file (OpenAPI) as the user typed it, from the current folder.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - options: The folders, PATHs and filters that select the contracts.
    ///   - location: Where the suite is.
    ///   - writer: The suite's one writer.
    /// - Returns: What was written, or why nothing was.
    /// - Throws: `Refusal` when `out` is of the wrong kind or the selection cannot be made.
    package static func export(
        _ format: Format, out: String, catalogue: Catalogue, options: VerifyOptions, location: SuiteLocation,
        writer: SuiteWriter
    ) async throws(Refusal) -> Outcome {
        let target = location.resolve(out)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder)
        if format == .openAPI, exists, isFolder.boolValue { throw .outIsAFolder }
        if format != .openAPI, exists, !isFolder.boolValue { throw .outIsAFile }
        let selection: SuiteSelection
        do throws(SuiteSelection.UsageError) {
            selection = try SuiteSelection(catalogue: catalogue, options: options, location: location)
        } catch {
            throw .selection(error)
        }
        if let empty = selection.selectsNothing { return .empty(empty) }
        let problems = invalid(selection)
        guard problems.isEmpty else { return .invalid(problems) }
        switch format {
        case .pact(let consumer, let number, let branch, let versionFromGit):
            let version: ConsumerVersion
            switch ConsumerVersion(number: number, branch: branch, readsGit: versionFromGit).resolved(at: location.root)
            {
            case .success(let resolved): version = resolved
            case .failure(let problem): return .failed(reason: "cannot read the consumer version: \(problem.message)")
            }
            return await pacts(
                selection, consumer: consumer, version: version, into: target, display: out, writer: writer,
                strict: options.strict)
        case .openAPI:
            return await document(selection, into: target, display: out, writer: writer, strict: options.strict)
        }
    }

    /// What makes the export write nothing: the contracts and cases that do not load, and the
    /// fixtures verify cannot read, a stated request body's among them (a case is never left out
    /// in silence for them).
    private static func invalid(_ selection: SuiteSelection) -> [Diagnostic] {
        let contracts = selection.itemContracts
        let bodies = contracts.compactMap { contract -> Diagnostic? in
            guard case .failure(let problem) = StatedRequest.of(contract, fixtures: selection.fixtureLocator) else {
                return nil
            }
            return problem
        }
        return selection.items.flatMap { $0.problems ?? [] } + selection.fixtureProblems(in: contracts) + bodies
    }

    /// The pacts, written into their folder.
    private static func pacts(
        _ selection: SuiteSelection, consumer: String, version: ConsumerVersion, into folder: URL, display: String,
        writer: SuiteWriter, strict: Bool
    ) async -> Outcome {
        switch await PactExport.pacts(
            for: selection.itemContracts, fixtures: selection.fixtureLocator, consumer: consumer, version: version)
        {
        case .failure(let failure):
            return .failed(reason: failure.reason)
        case .success(let made):
            if strict, !made.notes.isEmpty { return .invalid(ExportNote.strict(made.notes)) }
            do throws(FileWriteError) {
                _ = try writer.write(PactExport.changes(made.files, in: folder, display: display))
            } catch {
                return .cannotWrite(error)
            }
            return .pacts(Pacts(files: made.files, leftOut: made.leftOut, notes: made.notes, version: version))
        }
    }

    /// The document, written into its file.
    private static func document(
        _ selection: SuiteSelection, into file: URL, display: String, writer: SuiteWriter, strict: Bool
    ) async -> Outcome {
        let contracts = selection.itemContracts
        switch await OpenAPIExport.document(for: contracts, fixtures: selection.fixtureLocator) {
        case .failure(let failure):
            return .failed(reason: failure.reason)
        case .success(let made):
            if strict, !made.notes.isEmpty { return .invalid(ExportNote.strict(made.notes)) }
            do throws(FileWriteError) {
                _ = try writer.write(OpenAPIExport.changes(made.text, to: file, display: display))
            } catch {
                return .cannotWrite(error)
            }
            return .document(operations: made.operations, notes: made.notes)
        }
    }
}
