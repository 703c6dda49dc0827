import ContractCatalogue
import Foundation

/// What a replayed case's client did, as the coverage matrix counts it.
struct ReplayedOutcome: Sendable, Equatable {
    /// The outcome the client delivered.
    let outcome: CoverageOutcome?
    /// The queue the client was built with.
    let queue: ResponseQueue
    /// For a flow, the columns its earlier exchanges' responses fall in by themselves (a `401`
    /// the client refreshed its token after, a `503` it retried), each counted as the client met
    /// it; empty for a case of one response.
    var steps: [CoverageOutcome] = []
}
