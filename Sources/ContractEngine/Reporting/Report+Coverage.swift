import ContractCatalogue

extension Report {
    /// A run's report carrying its coverage matrix: per endpoint, how many replayed cases reach
    /// each outcome and each queue. The matrix has a row for each endpoint the run's contracts
    /// use, in the catalogue's order: an endpoint no contract names is not the suite's to cover
    /// (an app's catalogue may hold endpoints its suite does not test yet), and a run that PATHs,
    /// filters or a shard narrow did not run the rest.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - catalogue: The endpoints contracts may name.
    ///   - selection: What the run ran.
    ///   - required: The columns an endpoint must reach, empty when nothing is required: each
    ///     endpoint with gaps among them is then a failed result too, so every report format
    ///     shows it.
    package init(
        _ results: [CaseResult], coverageOf catalogue: Catalogue, in selection: SuiteSelection,
        requiring required: Set<CoverageMatrix.Column>
    ) {
        let used = Set(results.compactMap(\.endpoint))
        self.init(results, coverageOf: catalogue.endpoints.filter { used.contains($0.name) }, requiring: required)
    }

    /// This report's results with the coverage matrix, as `init(_:coverageOf:in:requiring:)`
    /// makes it: the matrix counts every result at once, so they are read back into memory.
    /// - Parameters:
    ///   - catalogue: The endpoints contracts may name.
    ///   - selection: What the run ran.
    ///   - required: The columns an endpoint must reach, empty when nothing is required.
    /// - Returns: The report with its coverage.
    package func covering(
        _ catalogue: Catalogue, in selection: SuiteSelection, requiring required: Set<CoverageMatrix.Column>
    ) -> Report {
        Report(results.all, coverageOf: catalogue, in: selection, requiring: required)
    }

    /// A run's report carrying the coverage matrix of the endpoints given, in order.
    init(_ results: [CaseResult], coverageOf endpoints: [Endpoint], requiring required: Set<CoverageMatrix.Column>) {
        let matrix = CoverageMatrix(results, endpoints: endpoints)
        self.init(results + matrix.gapResults(requiring: required))
        coverage = matrix
    }

    /// Says which part of the suite the run took, which a JSON report carries with its coverage
    /// so that the reports of every shard can be checked together.
    /// - Parameter selection: What the run ran.
    package mutating func describe(_ selection: SuiteSelection) {
        // Only a report with coverage carries the run's identity, which reads every file of the run.
        self.selection = Selection(
            shard: selection.options.shard, whole: selection.isUnnarrowed,
            run: coverage == nil ? "" : selection.runIdentity)
    }

    /// What follows the results when the report carries a coverage matrix: a blank line, the
    /// matrix as a table, and a newline; empty when it carries none.
    package var coverageTrailer: String {
        coverage.map { "\n" + $0.text + "\n" } ?? ""
    }
}
