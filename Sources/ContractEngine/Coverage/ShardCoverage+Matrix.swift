import DogPatchClients

extension ShardCoverage {
    /// The suite's coverage matrix: the counts of every shard's report added up.
    /// - Parameters:
    ///   - shards: The report of each shard of one run.
    ///   - endpoints: The endpoints the matrix has a row for, in order.
    /// - Returns: The matrix, for its table and its gaps.
    package static func matrix(adding shards: [ShardCoverage], endpoints: [Endpoint]) -> CoverageMatrix {
        CoverageMatrix(adding: shards.map(\.counts), endpoints: endpoints)
    }
}
