import ContractCatalogue
import Foundation
import HTTPStub

/// Runs a selection: predicts, replays and checks every case of it, on the fixtures or live.
package struct Verifier: Sendable {
    let catalogue: Catalogue
    /// What the run works on.
    let selection: SuiteSelection

    /// Creates a verifier.
    /// - Parameters:
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - selection: The run's contracts and items, and how to run them.
    package init(catalogue: Catalogue, selection: SuiteSelection) {
        self.catalogue = catalogue
        self.selection = selection
    }

    /// Runs the selection's items.
    /// - Parameter progress: Called after each case with the number done and the total.
    /// - Returns: One result a case (or a contract that failed to load), in suite order.
    /// - Throws: `UsageError` when a live run's base URLs do not fit, or it would check nothing.
    package func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(SuiteSelection.UsageError)
        -> [CaseResult]
    {
        let options = selection.options
        let items = selection.items
        if options.live { try checkLive() }
        let run = selection.runContext
        let live = options.live ? options.liveSettings : nil
        let results = await WorkerPool.map(count: items.count, jobs: options.jobs, progress: progress) { index in
            await items[index].verify(in: run, live: live)
        }
        return DiagnosticRules.apply(to: results, strict: options.strict)
    }

    /// Runs the selection's items, each result handed to a spool as soon as those before it are
    /// in: the run holds the results it has not yet handed on, never all of them.
    /// - Parameters:
    ///   - progress: Called after each case with the number done and the total.
    ///   - spool: Takes every result, in suite order, the diagnostic rules applied.
    /// - Throws: `UsageError` when a live run's base URLs do not fit, or it would check nothing.
    func run(progress: (@Sendable (Int, Int) -> Void)?, into spool: ResultSpool) async throws(SuiteSelection.UsageError)
    {
        let options = selection.options
        let items = selection.items
        if options.live { try checkLive() }
        let run = selection.runContext
        let live = options.live ? options.liveSettings : nil
        let rules = Locked(DiagnosticRules.InOrder(strict: options.strict))
        await WorkerPool.forEach(count: items.count, jobs: options.jobs, progress: progress) { index in
            await items[index].verify(in: run, live: live)
        } deliver: { result in
            spool.append(rules.withLock { $0.apply(to: result) })
        }
    }

    /// Refuses a live run whose base URLs do not fit its contracts, or that would check nothing.
    private func checkLive() throws(SuiteSelection.UsageError) {
        let contracts = selection.items.compactMap { item -> Contract? in
            if case .contractCase(let contract, _) = item { contract } else { nil }
        }
        if let mismatch = selection.options.baseURLs.mismatch(in: catalogue, contracts: contracts) {
            throw .baseURL(mismatch)
        }
        // A live run that checks nothing must not pass: a nightly job would stay green forever.
        // The run is the whole selection: a shard that holds no recorded case while others do
        // skips its cases and passes, as an empty shard does.
        let recorded = selection.selected.contains { item in
            if case .contractCase(_, .ready(let spec)) = item {
                spec.recorded != nil && spec.skip == nil
            } else {
                false
            }
        }
        let invalid = selection.selected.contains { item in
            if case .contractCase(_, .ready) = item { false } else { true }
        }
        // An invalid contract fails the run anyway, and says why.
        if !recorded, !invalid { throw .nothingRecorded }
    }
}
