/// One case of a loaded contract: ready to run, or invalid on its own.
enum CaseEntry: Sendable {
    /// The case is ready to run.
    case ready(CaseSpec)
    /// The case is invalid; the contract's other cases still run.
    case invalid(name: String, diagnostics: [Diagnostic])

    /// The case's name.
    var name: String {
        switch self {
        case .ready(let contractCase): contractCase.name
        case .invalid(let name, _): name
        }
    }
}
