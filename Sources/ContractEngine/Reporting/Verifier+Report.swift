extension Verifier {
    /// Runs the selection's items into a report: each result is written to a temporary file as
    /// soon as those before it are in, and the report reads them back as it is written, so the
    /// run never holds all of them.
    /// - Parameter progress: Called after each case with the number done and the total.
    /// - Returns: The report of every case, in suite order, the diagnostic rules applied.
    /// - Throws: `UsageError` when a live run's base URLs do not fit, or it would check nothing.
    package func reportRun(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(SuiteSelection.UsageError)
        -> Report
    {
        let spool = ResultSpool()
        try await run(progress: progress, into: spool)
        return Report(spool: spool)
    }
}
