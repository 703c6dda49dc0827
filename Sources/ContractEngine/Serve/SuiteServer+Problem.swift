extension SuiteServer {
    /// What `serve` cannot go on without.
    package enum Problem: Error, Sendable {
        /// The run itself is wrong: a missing path or folder.
        case selection(SuiteSelection.UsageError)
        /// Nothing servable is selected: why.
        case usage(String)
        /// A case choice (as given) names no served case: why.
        case unknownChoice(String, reason: String)
        /// The suite is invalid: its diagnostics.
        case invalid([Diagnostic])
        /// The address cannot be listened on.
        case cannotListen(String)
    }
}
