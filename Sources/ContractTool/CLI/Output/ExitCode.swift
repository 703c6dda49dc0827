import ContractEngine

/// The tool's exit status.
enum ExitCode: Int32, Sendable {
    /// Every case passed or was skipped.
    case success = 0
    /// A case failed.
    case failure = 1
    /// The suite is invalid or the arguments are wrong.
    case invalid = 2
}

extension ExitCode {
    /// The exit status a run's report calls for: invalid when a case errs, failure when one fails.
    /// - Parameter report: The run's results.
    init(report: Report) {
        if report.hasErrors {
            self = .invalid
        } else if report.hasFailures {
            self = .failure
        } else {
            self = .success
        }
    }
}

extension ExitCode: Comparable {
    /// Orders statuses by severity: success, failure, invalid.
    static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
