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

/// Counts of results by status.
public struct Summary: Sendable, Equatable {
    /// Contract files seen.
    public var contracts: Int
    /// Results counted.
    public var cases: Int
    /// Passed cases.
    public var passed: Int
    /// Failed cases.
    public var failed: Int
    /// Cases or contracts that could not run.
    public var errors: Int
    /// Skipped cases.
    public var skipped: Int
    /// Warnings among all diagnostics.
    public var warnings: Int

    /// Counts results.
    /// - Parameter results: The results.
    public init(_ results: [CaseResult]) {
        contracts = Set(results.map(\.contract)).count
        cases = results.count
        passed = results.count { $0.status == .passed }
        failed = results.count { $0.status == .failed }
        errors = results.count { $0.status == .error }
        skipped = results.count { $0.status == .skipped }
        warnings = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .warning } }
    }

    /// The closing line: `38 passed, 2 failed, 1 error, 0 skipped`.
    public var line: String {
        var line =
            "\(passed) passed, \(failed) failed, \(errors) \(errors == 1 ? "error" : "errors"), \(skipped) skipped"
        if warnings > 0 { line += " (\(warnings) \(warnings == 1 ? "warning" : "warnings"))" }
        return line
    }
}
