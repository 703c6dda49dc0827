/// The tool's exit status.
enum ExitCode: Int32, Sendable {
    /// Every case passed or was skipped.
    case success = 0
    /// A case failed.
    case failure = 1
    /// The suite is invalid or the arguments are wrong.
    case invalid = 2
}

extension ExitCode: Comparable {
    /// Orders statuses by severity: success, failure, invalid.
    static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
