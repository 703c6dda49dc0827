/// When to colour output: `--color auto|always|never`.
enum ColorChoice: String, CaseIterable {
    case auto, always, never
}

extension ColorChoice {
    /// Whether to colour a stream: never with `NO_COLOR` set; otherwise as chosen, `auto` meaning
    /// on a terminal that is not `dumb`.
    func isOn(terminal: Bool, environment: ToolEnvironment) -> Bool {
        if environment.variables["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return terminal && environment.variables["TERM"] != "dumb"
        }
    }
}
