/// What `record` says of each case.
extension CaseRecorder {
    /// What came of one case.
    package enum Verdict: String, Sendable, CaseIterable {
        case recorded, unchanged, forced, failed, skipped, error
    }

    /// What `record` prints for a case, and what it reports on standard error.
    package struct Account: Sendable {
        var verdict: Verdict
        /// The case's line and its details, as far as they name no setting.
        var said: String
        var diagnostics: [Diagnostic] = []
        var messages: [String] = []
        /// Why a new answer that fails was not written, when that is the case's last word.
        var notWritten: NotWritten?

        /// The lines to print for the case: `RECORDED  contracts/x.json  case  URL`, then the
        /// details indented.
        /// - Parameter wording: The reader's words for why a new answer was not written, which
        ///   name the setting that writes it anyway.
        /// - Returns: The lines, each ending in a newline.
        package func text(wording: (NotWritten) -> String) -> String {
            said + (notWritten.map { "  \(VisibleText.escaped(wording($0)))\n" } ?? "")
        }
    }

    /// Why a new answer was not written although the server gave one: cases fail with it, and
    /// only forcing writes it.
    package enum NotWritten: Sendable, Equatable {
        /// The case's own `expect` fails with the new answer.
        case failsExpect
        /// Another case that reads the same fixture fails with the new answer.
        case failsReaders(fixture: String)
    }
}
