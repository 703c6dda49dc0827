import ContractEngine
import DogPatchClients
import Foundation

/// `dogpatch-contracts export openapi --out FILE [PATH ...]`: the contract, taken out of the
/// repository in a form the server team's tools read.
struct ExportCommand: ToolCommand, SuiteCommand {
    var options = VerifyOptions()
    var format: String?
    var out: String?

    static let spec = CommandSpec<ExportCommand>(
        name: "export",
        synopsis: "openapi --out FILE [PATH ...] [options]",
        summary: "write the contracts' API as an OpenAPI 3.1 document",
        about: """
            Writes an OpenAPI 3.1 document (JSON) for the endpoints the selected contracts use: the
            request each endpoint's client sends, and for a 200 the JSON Schema (2020-12) of exactly
            what the model accepts: the keys it requires, the types and null it accepts at every key
            it reads, arrays, dictionaries, and strings it is stricter about (a UUID, a URL). Other
            keys are allowed. The error statuses the contracts list are named too. Derived from the
            clients and the models, never written by hand; the same inputs give the same bytes.
            """,
        arguments: [
            ("openapi", "the format"), ("PATH ...", "contract files or folders (default: the contracts folder)"),
        ],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .value("--out", "FILE", "where to write the document (replaced in one step)") { $0.out = $1 },
        ],
        positional: { command, value throws(CommandLineError) in
            if command.format == nil {
                guard value == "openapi" else {
                    throw CommandLineError(
                        message: "export writes openapi; unknown format \"\(value)\"", command: "export")
                }
                command.format = value
            } else {
                command.options.paths.append(value)
            }
        },
        validate: { command throws(CommandLineError) in
            guard command.format != nil else {
                throw CommandLineError(message: "export needs a format: openapi", command: "export")
            }
            guard let out = command.out, !out.isEmpty else {
                throw CommandLineError(
                    message: "export needs --out FILE: where to write the document", command: "export")
            }
        },
        exitStatus: [
            (0, "the document was written"),
            (2, "a contract is invalid, --out cannot be written, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let out else { return CommandOutcome(.invalid) }
        let location = context.environment.location
        let target = location.resolve(out)
        let contractsFolder = location.folder(options.contractsFolder, default: "contracts")
        if RealPath.isInside(target, contractsFolder.url) {
            throw .usage(
                CommandLineError(
                    message:
                        "--out \(JSONValue.quote(out)) is inside the contracts folder \(JSONValue.quote(contractsFolder.display)), where every JSON file is read as a contract; write it elsewhere",
                    command: Self.name))
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .usage(
                CommandLineError(message: "--out \(JSONValue.quote(out)) is a folder; name a file", command: Self.name))
        }
        let (_, items) = try selection(in: context)
        var contracts: [Contract] = []
        var problems: [Diagnostic] = []
        for item in items {
            switch item {
            case .contractError(_, _, let diagnostics): problems += diagnostics
            case .contractCase(let contract, _):
                if contracts.last?.file != contract.file { contracts.append(contract) }
            }
        }
        guard problems.isEmpty else {
            return CommandOutcome(
                .invalid, [.diagnostics(problems), .error("a contract is invalid; nothing was written")])
        }
        let document: String
        switch await OpenAPIExport.document(for: contracts) {
        case .success(let text): document = text
        case .failure(let failure): return CommandOutcome(.invalid, [.error("\(failure.reason); nothing was written")])
        }
        do {
            _ = try context.writer(root: location.root).write { () throws(Never) in
                var changes = FileChanges()
                changes.write(Data(document.utf8), to: target, display: out)
                return (changes, ())
            }
        } catch {
            if case .cannotWrite(let error) = error {
                return CommandOutcome(
                    .invalid, [.error("cannot write \(JSONValue.quote(out)): \(error.reason); nothing was written")])
            }
        }
        context.results(
            "wrote \(out): OpenAPI 3.1, \(Set(contracts.compactMap { $0.endpoint?.name }).count) operations\n")
        return CommandOutcome(.success)
    }
}
