import ContractEngine

/// A problem a command reports, as data. `rendered(palette:)` is the one place that words it on
/// standard error: `error:`, `warning:`, `note:` and `usage:` are written nowhere else.
enum ToolProblem: Error, Sendable {
    /// The arguments are wrong: `error: MESSAGE` and where to find the command's help.
    case usage(CommandLineError)
    /// Problems found in the user's files, in compiler style (`FILE:LINE:COL: error: ...`).
    case diagnostics([Diagnostic])
    /// The command could not do what was asked, such as write a report: `error: MESSAGE`.
    case error(String)
    /// Something worth knowing that changes no verdict: `warning: MESSAGE`.
    case warning(String)
    /// What the command did by design and a reader may want to know: `note: MESSAGE`.
    case note(String)

    /// Problems in files, then the closing error that says what came of them.
    static func refusal(_ diagnostics: [Diagnostic], _ message: String) -> [ToolProblem] {
        (diagnostics.isEmpty ? [] : [.diagnostics(diagnostics)]) + [.error(message)]
    }
}

extension ToolProblem {
    /// The problem as text on standard error: the one place `error:`, `warning:`, `note:` and
    /// `usage:` are written.
    /// - Parameters:
    ///   - color: Whether a diagnostic is in colour.
    ///   - tool: The tool whose name a usage error's hint gives, and whose words its message uses.
    /// - Returns: The text, ending in a line break.
    func rendered(color: Bool, tool: ToolIdentity? = nil) -> String {
        switch self {
        case .usage(let error):
            let name = tool?.name ?? "contracts"
            let hint = error.command.map { "\(name) \($0) --help" } ?? "\(name) --help"
            let message = tool?.words(error.message) ?? error.message
            return "error: \(message)\nusage: see '\(hint)'\n"
        case .diagnostics(let diagnostics):
            let name = tool?.name ?? "dogpatch-contracts"
            return diagnostics.map { $0.rendered(color: color, tool: name) + "\n" }.joined()
        case .error(let message):
            return "error: \(message)\n"
        case .warning(let message):
            return "warning: \(message)\n"
        case .note(let message):
            return "note: \(message)\n"
        }
    }
}

extension CommandLineError {
    /// The error as a problem to report.
    var problem: ToolProblem { .usage(self) }
}
