import ContractCatalogue
import Foundation

/// `add --har`: the entries of an HTTP Archive whose request is an existing endpoint contract's
/// become fixtures and cases, each kept as it was captured (its URL, time and archive recorded),
/// planned before and under the suite's lock and written all or none by its one writer.
struct CaptureImport: Sendable {
    let place: ContractPlace
    let catalogue: Catalogue
    let writer: SuiteWriter
    let run: RunContext
    /// The cases asked for: their name (numbered, and given their status when not 2xx; the
    /// endpoint's and the status when empty), provider state, response headers to keep and
    /// whether bodies are written exactly as captured.
    let request: CaseAddition.Request
    let pick: CaseAddition.Pick

    /// Creates one.
    /// - Parameters:
    ///   - place: Where the contract is; it must exist.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - writer: The suite's one writer.
    ///   - timeout: How long the replayed client may take when the new cases run.
    ///   - request: The cases asked for.
    ///   - pick: Which entries are taken, and whether anything is written.
    init(
        place: ContractPlace, catalogue: Catalogue, writer: SuiteWriter, timeout: TimeInterval,
        request: CaseAddition.Request, pick: CaseAddition.Pick
    ) {
        self.place = place
        self.catalogue = catalogue
        self.writer = writer
        run = RunContext(fixtures: place.fixtures, timeout: timeout)
        self.request = request
        self.pick = pick
    }

    var loader: ContractLoader { ContractLoader(catalogue: catalogue, fixtures: place.fixtures) }

    /// Takes the archive's entries for the contract's request into it.
    /// - Parameters:
    ///   - archive: The archive file, from the current folder.
    ///   - display: How messages name it.
    /// - Returns: The cases taken and how they ran (or would be taken, for a dry run), or why none was.
    func add(archive: URL, display: String) async -> CaseAddition.Account<CaseAddition.Imported> {
        // A contract holds at least one case, so the first comes from a file or the server.
        guard place.exists else { return CaseAddition.Account(.captureNeedsContract(place.path)) }
        if let range = pick.flow { return await addFlow(range, archive: archive, display: display) }
        let source = place.read(with: loader)
        var warnings: [CaseAddition.Warning] = []
        let entries: [HARArchive.Entry]
        let match: CaptureMatch
        do throws(CaseAddition.Problem) {
            (entries, match) = try await taken(
                from: archive, display: display, contract: source.loaded, warnings: &warnings)
        } catch {
            return CaseAddition.Account(warnings: warnings, result: .failure(error))
        }
        let archiveName = URL(fileURLWithPath: display).lastPathComponent
        var memo: [Int: (model: String, result: Result<ObservedBody, Diagnostic>)] = [:]
        // The contract read above is the first plan's; the plan under the lock reads it again.
        var preloaded: ContractLoader.Source? = source
        let plan = { () throws(CaseAddition.Problem) -> (changes: FileChanges, plan: Planned) in
            defer { preloaded = nil }
            return try self.plan(
                entries, match: match, archiveName: archiveName, source: preloaded ?? place.read(with: loader),
                memo: &memo)
        }
        let planned: Planned
        switch carriedOut(plan, dryRun: pick.dryRun) {
        case .success(let done): planned = done
        case .failure(let problem): return CaseAddition.Account(warnings: warnings, result: .failure(problem))
        }
        let results =
            pick.dryRun ? [] : await run.verify(named: planned.cases.map(\.name), of: place.spelt(planned.contract))
        return CaseAddition.Account(
            warnings: warnings, result: .success(CaseAddition.Imported(cases: planned.cases, results: results)))
    }

    /// A plan carried out: made once on a dry run, else planned, locked, planned again and written
    /// all or none by the suite's writer.
    /// - Parameters:
    ///   - plan: The writes and the cases they add, from the files as they are when it is called.
    ///   - dryRun: Whether nothing is written.
    /// - Returns: The plan, or the problem that stopped it.
    func carriedOut(
        _ plan: () throws(CaseAddition.Problem) -> (changes: FileChanges, plan: Planned), dryRun: Bool
    ) -> Result<Planned, CaseAddition.Problem> {
        if dryRun {
            do throws(CaseAddition.Problem) { return .success(try plan().plan) } catch { return .failure(error) }
        }
        do { return .success(try writer.write(plan).plan) } catch { return .failure(CaseAddition.Problem(error)) }
    }
}
