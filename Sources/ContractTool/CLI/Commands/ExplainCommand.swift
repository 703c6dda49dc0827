import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts explain FIXTURE (--model M | --endpoint E)`: decodes any body as verify's
/// prediction would and shows what a case for it needs.
struct ExplainCommand: ToolCommand {
    var file: String?
    var target = TargetChoice()
    var status = 200
    var fixturesFolder: String?

    static let spec = CommandSpec<ExplainCommand>(
        name: "explain",
        synopsis: "FIXTURE (--model M | --endpoint E) [options]",
        summary: "decode a body and show what a case needs",
        about: """
            Decodes a response body with the API's own decoder, as verify does before it replays, and prints
            what a case needs: the outcome (the value, or the client's error with its path, line and column),
            the element count, the first records, the keys the model never reads, and a case to start
            from. The file can be anywhere; a pipe such as /dev/stdin is read too.
            """,
        arguments: [("FIXTURE", "the response body to explain")],
        options: [
            .value("--model", "M", "{MODELS}") { $0.target.model = $1 },
            .value("--endpoint", "E", "{ENDPOINTS} (its model)") {
                $0.target.endpoint = $1
            },
            .value("--status", "N", "the HTTP status the body comes with (default: 200)") {
                $0.status = try ArgumentValues.status($1, command: "explain")
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
        },
        exitStatus: [
            (0, "the body was explained, whether or not it decodes"),
            (2, "the file cannot be read or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let file else { return CommandOutcome(.invalid) }
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
            file: file, in: context.environment.location, fixtures: fixturesFolder, model: model, status: status,
            api: api, endpoint: endpoint)
        {
        case .success(let explanation):
            context.results(explanation.text(tool: context.tool.name))
            return CommandOutcome(.success)
        case .failure(let diagnostic):
            throw .diagnostics([diagnostic])
        }
    }
}
