extension Report {
    /// The formats a report is printed or written in.
    package enum Format: String, Sendable, CaseIterable {
        /// One line a case and a summary, for people.
        case text
        /// One JSON object.
        case json
        /// JUnit XML: a test suite a contract, a test case a case.
        case junit
        /// GitHub Actions workflow commands.
        case github
    }
}
