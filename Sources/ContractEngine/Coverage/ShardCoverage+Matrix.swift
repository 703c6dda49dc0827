import ContractCatalogue

extension ShardCoverage {
    /// Why the shards' reports do not add up to the coverage of one run; the command line words it.
    package enum Mismatch: Error, Sendable {
        /// A report cannot be read as one shard's coverage: the file, and why.
        case report(file: String, Problem)
        /// A report is of a run cut into another number of shards than the first report's.
        case shardCounts(file: String, shard: (index: Int, count: Int), first: String, count: Int)
        /// A report is of another run than the first report's (another selection or suite).
        case runs(file: String, first: String)
        /// Two reports are of the same shard.
        case sameShard(first: String, file: String, index: Int, count: Int)
        /// No report is of these shards (indices from 1) of `count`.
        case missing([Int], count: Int)
    }

    /// The suite's coverage matrix: every shard's report of one run read and its counts added up.
    /// - Parameters:
    ///   - files: The reports as the user named them, from the current folder; at least one.
    ///   - location: Where the suite is, from which the files are found.
    ///   - endpoints: The catalogue's endpoints, in order; the matrix has a row for each that a
    ///     report counts (one the suite's contracts use).
    /// - Returns: The matrix, for its table and its gaps.
    /// - Throws: ``Mismatch`` for the first report that cannot be read, or reports that are not
    ///   every shard of one run once each.
    package static func matrix(of files: [String], in location: SuiteLocation, endpoints: [Endpoint]) throws(Mismatch)
        -> CoverageMatrix
    {
        var shards: [ShardCoverage] = []
        for file in files {
            do throws(Problem) {
                shards.append(try read(location.resolve(file), file: file))
            } catch {
                throw .report(file: file, error)
            }
        }
        try checkOneRun(shards)
        // The endpoints the suite's contracts use: each is in the report of the shard that ran it.
        let used = Set(shards.flatMap(\.counts.keys))
        return CoverageMatrix(adding: shards.map(\.counts), endpoints: endpoints.filter { used.contains($0.name) })
    }

    /// Checks that the reports are every shard of one run, each once.
    private static func checkOneRun(_ shards: [ShardCoverage]) throws(Mismatch) {
        guard let first = shards.first else { throw .missing([], count: 0) }
        let count = first.shard.count
        if let other = shards.first(where: { $0.shard.count != count }) {
            throw .shardCounts(file: other.file, shard: other.shard, first: first.file, count: count)
        }
        if let other = shards.first(where: { $0.run != first.run }) {
            throw .runs(file: other.file, first: first.file)
        }
        var seen: [Int: String] = [:]
        for report in shards {
            if let earlier = seen[report.shard.index] {
                throw .sameShard(first: earlier, file: report.file, index: report.shard.index, count: count)
            }
            seen[report.shard.index] = report.file
        }
        let missing = (1...max(count, 1)).filter { seen[$0] == nil }
        guard missing.isEmpty else { throw .missing(missing, count: count) }
    }
}
