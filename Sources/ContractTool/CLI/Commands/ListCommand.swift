import ContractEngine

/// `dogpatch-contracts list`: a table of the contracts with their endpoint, model, number of cases
/// and of recorded cases, and every problem the loader finds in them.
struct ListCommand: ToolCommand, SuiteCommand {
    var options = VerifyOptions.commandLine
    /// Whether each contract's cases are listed under its row.
    var cases = false

    static let spec = CommandSpec<ListCommand>(
        name: "list",
        synopsis: "[--contracts DIR] [--cases]",
        summary: "list contracts and their cases",
        about: """
            Prints a table of every contract under the contracts folder: its endpoint ("-" for a fixture
            contract), its model, how many cases it has and how many of them were recorded from a server
            (they have a "recorded" stamp); and reports every problem in them as verify would.
            """,
        arguments: [],
        options: [
            .contracts,
            .flag(
                "--cases",
                "also list each contract's cases under its row, with the provider\nstate (\"given\") of those that give one"
            ) {
                $0.cases = true
            },
        ],
        positional: { _, value throws(CommandLineError) in
            throw CommandLineError(message: "list takes no paths; unexpected \"\(value)\"", command: "list")
        },
        validate: { _ in },
        exitStatus: [
            (0, "every contract and case is valid"),
            (2, "a contract or case is invalid, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        let selection = try selection(in: context)
        let listing = SuiteListing(selection)
        let diagnostics = listing.diagnostics
        context.results(listing.text(cases: cases))
        return CommandOutcome(
            diagnostics.isEmpty ? .success : .invalid, diagnostics.isEmpty ? [] : [.diagnostics(diagnostics)])
    }
}
