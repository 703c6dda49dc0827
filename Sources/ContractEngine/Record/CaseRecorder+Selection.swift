import ContractCatalogue
import Foundation

extension CaseRecorder {
    /// `record`'s front door: re-records every recorded case of a selection, one after the other,
    /// and hands each case's account over as soon as that case is done.
    /// - Parameters:
    ///   - selection: The run's selection, made once.
    ///   - catalogue: The endpoints and models contracts may name, for the base URLs and for the
    ///     whole suite, read again when it changes.
    ///   - force: Whether a new answer is written even when cases fail with it.
    ///   - writer: The suite's one writer.
    ///   - each: Called with each case's account, in suite order, as the case finishes.
    /// - Returns: What the run found wrong, and how many cases came to each verdict.
    /// - Throws: `SuiteSelection.UsageError` when the base URLs do not fit the recorded cases, or
    ///   the whole suite cannot be read.
    package static func record(
        _ selection: SuiteSelection, catalogue: Catalogue, force: Bool, writer: SuiteWriter,
        each: (Account) -> Void
    ) async throws(SuiteSelection.UsageError) -> Run {
        var run = Run()
        if let empty = selection.selectsNothing {
            run.problems.append(.selectsNothing(empty))
            return run
        }
        var recorded: [Case] = []
        for item in selection.items {
            if let problems = item.problems {
                run.problems.append(.invalidContract(problems))
            } else if case .contractCase(let contract, .ready(let spec)) = item, spec.recorded != nil {
                recorded.append(Case(contract: contract, spec: spec))
            }
        }
        let live = selection.options.liveSettings
        if let mismatch = live.baseURLs.mismatch(in: catalogue, contracts: recorded.map(\.contract)) {
            throw .baseURL(mismatch)
        }
        guard !recorded.isEmpty else {
            run.problems.append(.nothingRecorded)
            return run
        }
        let readers = try FixtureReaders(of: selection, catalogue: catalogue)
        let recorder = CaseRecorder(
            run: selection.runContext, live: live, force: force, writer: writer, readers: readers.initial,
            reload: { readers.current() })
        for recordedCase in recorded {
            let account = await recorder.record(recordedCase)
            each(account)
            run.add(account)
        }
        return run
    }
}
