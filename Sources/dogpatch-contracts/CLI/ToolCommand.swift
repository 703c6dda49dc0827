import ContractEngine
import DogPatchClients
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
    static var usageLine: (synopsis: String, summary: String) { ("\(spec.name) \(spec.synopsis)", spec.summary) }
}

/// What a command runs with.
struct CommandContext: Sendable {
    /// The process's folder, variables and terminals.
    let environment: ToolEnvironment
    /// Where results go. Problems do not: commands return them, and `Tool.run` reports them.
    let output: any ToolOutput
    /// The endpoints and models contracts may name.
    let catalogue: Catalogue

    /// Writes results to standard output.
    func results(_ text: String) {
        output.standardOutput(text)
    }

    /// The suite's one writer, which says on standard error when it waits for another process.
    /// - Parameter root: The suite's root.
    func writer(root: URL) -> SuiteWriter {
        let output = output
        return SuiteWriter(root: root, temporaries: environment.temporaryFiles) {
            output.standardError(
                "waiting for the suite's lock: another dogpatch-contracts is writing to \(root.path)\n")
        }
    }
}

/// How a command ended: its exit status and what it has to say on standard error, in order.
struct CommandOutcome: Sendable {
    var code: ExitCode
    var problems: [ToolProblem] = []
    /// Whether problems are coloured: only `verify` has a `--color` option; the others never colour.
    var color = ColorChoice.never

    init(_ code: ExitCode, _ problems: [ToolProblem] = [], color: ColorChoice = .never) {
        self.code = code
        self.problems = problems
        self.color = color
    }
}

/// A problem a command reports, as data. `Tool.run` is the one place that words it on standard
/// error: `error:`, `warning:`, `note:` and `usage:` are written nowhere else.
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

extension CommandLineError {
    /// The error as a problem to report.
    var problem: ToolProblem { .usage(self) }
}
