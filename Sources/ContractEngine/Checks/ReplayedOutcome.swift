import ContractCatalogue
import Foundation

/// What a replayed case's client did, as the coverage matrix counts it.
struct ReplayedOutcome: Sendable, Equatable {
    /// The outcome the client delivered.
    let outcome: CoverageOutcome?
    /// The queue the client was built with.
    let queue: ResponseQueue
}
