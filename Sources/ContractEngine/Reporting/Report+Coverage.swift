import ContractCatalogue

extension Report {
    /// A run's report carrying its coverage matrix: per endpoint, how many replayed cases reach
    /// each outcome and each queue. A run of the whole suite has a row for every endpoint of the
    /// catalogue, so an endpoint no contract uses shows as a gap; a run that PATHs, filters or a
    /// shard narrow has a row for each endpoint its results use, since the rest were not run.
    /// - Parameters:
    ///   - results: The run's results.
    ///   - catalogue: The endpoints contracts may name.
    ///   - selection: What the run ran.
    ///   - requiring: Whether an outcome no case reaches fails the run: each endpoint with gaps
    ///     is then a failed result too, so every report format shows it.
    init(
        _ results: [CaseResult], coverageOf catalogue: Catalogue, in selection: SuiteSelection, requiring: Bool
    ) {
        let narrowed = !selection.isWholeSuite
        let used = Set(results.compactMap(\.endpoint))
        self.init(
            results, coverageOf: catalogue.endpoints.filter { !narrowed || used.contains($0.name) },
            requiring: requiring)
    }

    /// This report's results with the coverage matrix, as `init(_:coverageOf:in:requiring:)`
    /// makes it: the matrix counts every result at once, so they are read back into memory.
    /// - Parameters:
    ///   - catalogue: The endpoints contracts may name.
    ///   - selection: What the run ran.
    ///   - requiring: Whether an outcome no case reaches fails the run.
    /// - Returns: The report with its coverage.
    package func covering(_ catalogue: Catalogue, in selection: SuiteSelection, requiring: Bool) -> Report {
        Report(results.all, coverageOf: catalogue, in: selection, requiring: requiring)
    }

    /// A run's report carrying the coverage matrix of the endpoints given, in order.
    init(_ results: [CaseResult], coverageOf endpoints: [Endpoint], requiring: Bool) {
        let matrix = CoverageMatrix(results, endpoints: endpoints)
        self.init(results + (requiring ? matrix.gapResults : []))
        coverage = matrix
    }

    /// Says which part of the suite the run took, which a JSON report carries with its coverage
    /// so that the reports of every shard can be checked together.
    /// - Parameter selection: What the run ran.
    package mutating func describe(_ selection: SuiteSelection) {
        self.selection = Selection(
            shard: selection.options.shard, whole: selection.isUnnarrowed, run: selection.runIdentity)
    }

    /// What follows the results when the report carries a coverage matrix: a blank line, the
    /// matrix as a table, and a newline; empty when it carries none.
    package var coverageTrailer: String {
        coverage.map { "\n" + $0.text + "\n" } ?? ""
    }
}
