/// How a command ended: its exit status and what it has to say on standard error, in order.
struct CommandOutcome: Sendable {
    var code: ExitCode
    var problems: [ToolProblem] = []
    /// Whether problems are coloured: a command with a `--color` option (`ReportOptions`) sets it;
    /// the others never colour.
    var color = ColorChoice.never

    init(_ code: ExitCode, _ problems: [ToolProblem] = [], color: ColorChoice = .never) {
        self.code = code
        self.problems = problems
        self.color = color
    }
}
