import Foundation

/// The verdict on one case, or on a contract that could not be loaded.
public struct CaseResult: Sendable, Equatable {
    /// How a case ended.
    public enum Status: String, Sendable, CaseIterable {
        /// Every check held.
        case passed
        /// A check did not hold.
        case failed
        /// The case could not be run: a bad contract or a missing fixture.
        case error
        /// The case was skipped.
        case skipped
    }

    /// The contract file, as reports name it.
    public var contract: String
    /// The endpoint, for endpoint contracts.
    public var endpoint: String?
    /// The case's name; `(contract)` for a problem with the contract as a whole.
    public var caseName: String
    /// How it ended.
    public var status: Status
    /// What was found, errors and warnings alike.
    public var diagnostics: [Diagnostic]
    /// Why it was skipped, when it was.
    public var skipReason: String?
    /// The server URL it was checked against, under `verify --live`.
    public var url: String?
    /// What the client did in replay, for the coverage matrix.
    var replayed: ReplayedOutcome?
    /// How long the case took to run, for the JUnit report's `time`; zero for a result no case
    /// run made (a contract that failed to load, a coverage gap).
    public var duration: Duration = .zero

    /// The name results use for a problem with a contract as a whole.
    public static let wholeContract = "(contract)"

    /// Creates a result.
    /// - Parameters:
    ///   - contract: The contract file.
    ///   - endpoint: The endpoint.
    ///   - caseName: The case's name.
    ///   - status: How it ended.
    ///   - diagnostics: What was found.
    ///   - skipReason: Why it was skipped.
    public init(
        contract: String, endpoint: String?, caseName: String, status: Status,
        diagnostics: [Diagnostic] = [], skipReason: String? = nil
    ) {
        self.contract = contract
        self.endpoint = endpoint
        self.caseName = caseName
        self.status = status
        self.diagnostics = diagnostics
        self.skipReason = skipReason
    }
}
