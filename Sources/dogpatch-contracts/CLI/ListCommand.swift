import ContractEngine

/// `dogpatch-contracts list`: every contract with its endpoint, model and cases, and every
/// problem the loader finds in them.
struct ListCommand: ToolCommand, SuiteCommand {
    var options = VerifyOptions()

    static let spec = CommandSpec<ListCommand>(
        name: "list",
        synopsis: "[--contracts DIR]",
        summary: "list contracts and their cases",
        about:
            "Lists every contract under the contracts folder with its endpoint, model and case names\n(and each case's provider state, where it gives one), and reports every problem in them\nas verify would.",
        arguments: [],
        options: [
            .contracts
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
        let verifier = Verifier(catalogue: context.catalogue, options: options, location: context.environment.location)
        let contracts: [LoadedContract]
        do throws(Verifier.UsageError) {
            contracts = try verifier.loadSuite()
        } catch {
            throw .usage(CommandLineError(message: error.message, command: Self.name))
        }
        var text = ""
        var diagnostics: [Diagnostic] = []
        for contract in contracts {
            switch contract {
            case .loaded(let contract):
                let kind =
                    contract.endpoint.map { "\($0.name), \(contract.model.name)" }
                    ?? "fixture contract, \(contract.model.name)"
                text +=
                    "\(VisibleText.escaped(contract.file)) (\(kind), \(contract.cases.count) \(contract.cases.count == 1 ? "case" : "cases"))\n"
                for entry in contract.cases {
                    guard case .invalid(_, let problems) = entry else {
                        let given =
                            if case .ready(let spec) = entry, let state = spec.given {
                                " (given: \(VisibleText.escaped(state)))"
                            } else {
                                ""
                            }
                        text += "  \(VisibleText.escaped(entry.name))\(given)\n"
                        continue
                    }
                    text += "  \(VisibleText.escaped(entry.name)) (invalid)\n"
                    diagnostics += problems
                }
            case .invalid(let file, _, let problems):
                text += "\(VisibleText.escaped(file)) (invalid)\n"
                diagnostics += problems
            }
        }
        diagnostics += verifier.fixtureProblems(in: contracts)
        context.results(text)
        return CommandOutcome(
            diagnostics.isEmpty ? .success : .invalid, diagnostics.isEmpty ? [] : [.diagnostics(diagnostics)])
    }
}
