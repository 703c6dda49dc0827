import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts explain FIXTURE (--model M | --endpoint E)`: decodes any body as verify's
/// prediction would and shows what a case for it needs; `explain CONTRACT --case NAME [--step N]`
/// lays out a case, a flow's exchanges in order, as replay goes through it.
struct ExplainCommand: ToolCommand {
    var file: String?
    var target = TargetChoice()
    var status: Int?
    var fixturesFolder: String?
    var caseName: String?
    var step: Int?

    static let spec = CommandSpec<ExplainCommand>(
        name: "explain",
        synopsis: """
            FIXTURE (--model M | --endpoint E) [options]
            CONTRACT --case NAME [--step N] [--fixtures DIR]
            """,
        summary: "decode a body and show what a case needs",
        about: """
            Decodes a response body with the API's own decoder, as verify does before it replays, and prints
            what a case needs: the outcome (the value, or the client's error with its path, line and column),
            the element count, the first records, the keys the model never reads, and a case to start
            from. The file can be anywhere; a pipe such as /dev/stdin is read too.
            With --case, the file is a contract and the case of that name is laid out as replay goes through
            it: each exchange of a flow in order (the request stated, the response, its provider state), what
            expect wants at the end, and what replay judges; --step N shows one exchange alone.
            """,
        arguments: [("FIXTURE", "the response body to explain (with --case, the contract)")],
        options: [
            .value("--model", "M", "{MODELS}") { $0.target.model = $1 },
            .value("--endpoint", "E", "{ENDPOINTS} (its model)") {
                $0.target.endpoint = $1
            },
            .value("--status", "N", "the HTTP status the body comes with (default: 200)") {
                $0.status = try ArgumentValues.status($1, command: "explain")
            },
            .value("--case", "NAME", "explain the case NAME of the contract FILE: its exchanges, expect, replay") {
                $0.caseName = $1
            },
            .value("--step", "N", "with --case, one exchange alone (numbered from 1)") {
                $0.step = try ArgumentValues.count($1, option: "--step", command: "explain")
            },
            .value(
                "--fixtures", "DIR",
                "the fixtures folder, for the case's fixture path\n(default: Fixtures/ at the suite's root)"
            ) {
                $0.fixturesFolder = $1
            },
        ],
        positional: CommandSpec.oneFile(\.file, command: "explain", what: "fixture"),
        validate: { command throws(CommandLineError) in
            guard command.file != nil else {
                throw CommandLineError(message: "explain needs the fixture file to explain", command: "explain")
            }
            if command.caseName == nil, command.step != nil {
                throw CommandLineError(message: "--step needs --case: the exchange of which case", command: "explain")
            }
            if command.caseName != nil,
                command.target.model != nil || command.target.endpoint != nil || command.status != nil
            {
                throw CommandLineError(
                    message:
                        "--case takes the contract's endpoint and the case's statuses: leave out --model, --endpoint and --status",
                    command: "explain")
            }
        },
        exitStatus: [
            (0, "the body (or the case) was explained, whether or not it decodes"),
            (2, "the file cannot be read, the case is not in the contract, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let file else { return CommandOutcome(.invalid) }
        if let caseName { return try explain(contract: file, case: caseName, in: context) }
        let (endpoint, model): (Endpoint?, ModelDescriptor)
        do throws(CommandLineError) {
            (endpoint, model) = try target.resolve(in: context.catalogue, command: Self.name)
        } catch {
            throw .usage(error)
        }
        // The API whose fixtures folder a body from outside is suggested for: the endpoint's, or
        // that of the first endpoint decoding the model.
        let api = (endpoint ?? context.catalogue.endpoints.first { $0.model.name == model.name })?.api
        switch Explanation.explain(
            file: file, in: context.environment.location, fixtures: fixturesFolder, model: model, status: status ?? 200,
            api: api, endpoint: endpoint, catalogue: context.catalogue)
        {
        case .success(let explanation):
            context.results(explanation.text(tool: context.tool.name))
            return CommandOutcome(.success)
        case .failure(let diagnostic):
            throw .diagnostics([diagnostic])
        }
    }

    /// Explains a case of a contract, or one of its exchanges.
    private func explain(contract: String, case name: String, in context: CommandContext) throws(ToolProblem)
        -> CommandOutcome
    {
        switch Explanation.explain(
            contract: contract, case: name, step: step, catalogue: context.catalogue,
            location: context.environment.location, fixtures: fixturesFolder)
        {
        case .success(let text):
            context.results(text)
            return CommandOutcome(.success)
        case .failure(.usage(let problem)):
            throw .usage(CommandLineError(problem, command: Self.name))
        case .failure(.invalid(let diagnostics)):
            throw .diagnostics(diagnostics)
        case .failure(.noCase(let name, let file, let names)):
            let known = names.isEmpty ? "it has none" : "it has " + names.map { "\"\($0)\"" }.joined(separator: ", ")
            throw .error("\(file): no case named \"\(name)\"; \(known)")
        case .failure(.noStep(let step, let count)):
            throw .usage(
                CommandLineError(
                    message: "--step \(step): the case has \(count) \(count == 1 ? "exchange" : "exchanges")",
                    command: Self.name))
        }
    }
}
