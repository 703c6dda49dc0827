import DogPatchClients

extension Report {
    /// A run's report carrying its coverage matrix: per endpoint given, how many replayed cases
    /// reach each outcome and each queue.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - endpoints: The endpoints the matrix has a row for, in order.
    ///   - requiring: Whether an outcome no case reaches fails the run: each endpoint with gaps
    ///     is then a failed result too, so every report format shows it.
    package init(_ results: [CaseResult], coverageOf endpoints: [Endpoint], requiring: Bool) {
        let matrix = CoverageMatrix(results, endpoints: endpoints)
        self.init(results + (requiring ? matrix.gapResults : []))
        coverage = matrix
    }
}
