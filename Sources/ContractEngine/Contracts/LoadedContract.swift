/// A contract file as loaded: its cases, or the problems that keep it from running.
enum LoadedContract: Sendable {
    /// The contract loaded; some cases may still be invalid.
    case loaded(Contract)
    /// The contract as a whole is invalid.
    case invalid(file: String, endpoint: String?, diagnostics: [Diagnostic])
}
