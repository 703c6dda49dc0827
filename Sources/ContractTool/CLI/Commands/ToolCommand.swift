import ContractCatalogue
import ContractEngine
import Foundation

/// One subcommand of `dogpatch-contracts`: a table of options (its `spec`), the value the
/// parser fills in, and what running it does. Adding a command is one type and one entry in
/// `Tool.commands`; adding an option is one entry in its table.
protocol ToolCommand: Sendable {
    /// The command's interface, from which both its parser and its help are made.
    static var spec: CommandSpec<Self> { get }
    /// The arguments before any is parsed: every default.
    init()
    /// Runs the parsed command.
    /// - Parameter context: The process's folder and variables, where results go, the catalogue.
    /// - Returns: The exit status and the problems to report.
    /// - Throws: `ToolProblem` when the command cannot run at all.
    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome
}

extension ToolCommand {
    /// The command's name, such as `verify`.
    static var name: String { spec.name }
    /// Its line in the tool's help.
    static var usageLine: (synopsis: String, summary: String) {
        ("\(spec.name) \(spec.brief ?? spec.synopsis)", spec.summary)
    }
}
