import Foundation

extension CaseRecorder {
    /// What a `record` run comes to besides the lines of its cases: the problems to report, in the
    /// order they were found, and how many cases came to each verdict.
    package struct Run: Sendable {
        /// Something to report on standard error, as a value the reader words.
        package enum Problem: Sendable {
            /// A contract of the selection that does not load, or a case of it that is invalid.
            case invalidContract([Diagnostic])
            /// The PATHs and filters select no case at all: nothing was asked or written.
            case selectsNothing(SuiteSelection.Empty)
            /// The selection holds no recorded case.
            case nothingRecorded
            /// What a case found wrong: a failed expectation, a request that failed.
            case diagnostics([Diagnostic])
            /// Why a case could not be re-recorded or written, in words.
            case error(String)
        }

        /// The problems, in the order they were found.
        package var problems: [Problem] = []
        /// How many cases came to each verdict; a verdict no case came to is absent.
        package var counts: [Verdict: Int] = [:]

        /// Whether a contract of the selection does not load or has an invalid case, or the
        /// selection holds no case: what makes the run invalid (exit 2), as `verify` says.
        package var hasInvalidContracts: Bool {
            problems.contains {
                switch $0 {
                case .invalidContract, .selectsNothing: true
                default: false
                }
            }
        }

        /// Counts a case's verdict and keeps what it reports.
        mutating func add(_ account: Account) {
            counts[account.verdict, default: 0] += 1
            if !account.diagnostics.isEmpty { problems.append(.diagnostics(account.diagnostics)) }
            problems += account.messages.map(Problem.error)
        }
    }
}
