import ContractEngine
import DogPatchClients
import Foundation

/// `dogpatch-contracts export (pact --out DIR | openapi --out FILE) [PATH ...]`: the contract, taken
/// out of the repository in a form the server team's tools read.
struct ExportCommand: ToolCommand, SuiteCommand {
    /// What `export` writes.
    enum Format: String, CaseIterable {
        case pact, openapi
    }

    var options = VerifyOptions.commandLine
    var format: Format?
    var out: String?
    /// `--consumer`, when given; pact names the consumer `dogpatch-app` otherwise.
    var consumerGiven: String?
    var verbose = false
    /// The consumer the pact files are named for.
    var consumer: String { consumerGiven ?? "dogpatch-app" }

    static let spec = CommandSpec<ExportCommand>(
        name: "export",
        synopsis: "(pact --out DIR | openapi --out FILE) [PATH ...] [options]",
        summary: "write the contracts as Pact files or an OpenAPI 3.1 document",
        about: """
            pact: one Pact 3.0.0 file per API, DIR/<consumer>-<provider>.json, an interaction per case
            whose response is the provider's to give (decoding cases and error statuses), its
            provider state the case's "given" (else its name), the request the client sends, and the
            body the app needs: the keys the model requires and those the case's "values" names,
            arrays cut to one element, with matching rules from the model. Cases left out by design
            (network errors, invalidRequest, fixture contracts, the client's robustness, skipped
            cases) are counted in one note, and listed with --verbose; a case left out because verify
            fails it is a warning.

            openapi: an OpenAPI 3.1 document (JSON) for the endpoints the selected contracts use: the
            request each endpoint's client sends, and for a 200 the JSON Schema (2020-12) of exactly
            what the model accepts: the keys it requires, the types and null it accepts at every key
            it reads, arrays, dictionaries, and strings it is stricter about (a UUID, a URL). Other
            keys are allowed. The error statuses the contracts list are named too. Derived from the
            clients and the models, never written by hand; the same inputs give the same bytes.
            """,
        arguments: [
            ("pact | openapi", "the format"), ("PATH ...", "contract files or folders (default: the contracts folder)"),
        ],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .value(
                "--out", "DIR | FILE",
                "pact: the folder for the files (made when absent); openapi: the file\n(each replaced in one step)"
            ) {
                $0.out = $1
            },
            .value("--consumer", "NAME", "pact: the consumer's name (default: dogpatch-app)") { $0.consumerGiven = $1 },
            .flag("--verbose", "pact: list each case left out by design, with the reason") { $0.verbose = true },
        ],
        positional: { command, value throws(CommandLineError) in
            if command.format == nil {
                guard let format = Format(rawValue: value) else {
                    throw CommandLineError(
                        message: "export writes pact or openapi; unknown format \"\(value)\"", command: "export")
                }
                command.format = format
            } else {
                command.options.paths.append(value)
            }
        },
        validate: { command throws(CommandLineError) in
            guard let format = command.format else {
                throw CommandLineError(message: "export needs a format: pact or openapi", command: "export")
            }
            // Options of the other format are refused, never ignored in silence.
            if format == .openapi, command.consumerGiven != nil || command.verbose {
                let option = command.consumerGiven != nil ? "--consumer" : "--verbose"
                throw CommandLineError(
                    message: "\(option) is for export pact; an OpenAPI document has no consumer and leaves no case out",
                    command: "export")
            }
            guard let out = command.out, !out.isEmpty else {
                throw CommandLineError(
                    message: "export needs --out: the folder (pact) or the file (openapi) to write", command: "export")
            }
            let consumer = command.consumer
            if !SuiteExport.canNameFiles(consumer: consumer) {
                throw CommandLineError(
                    message:
                        "--consumer \(CodingPath.quote(consumer)) cannot name a file in --out: use a name without /, \\ or control characters that does not start with .",
                    command: "export")
            }
        },
        exitStatus: [
            (0, "the document was written"),
            (2, "a contract is invalid, --out cannot be written, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let out, let format else { return CommandOutcome(.invalid) }
        let location = context.environment.location
        _ = try outsideContracts(out, option: "--out", example: format == .pact ? "pacts" : "openapi.json", in: context)
        let outcome: SuiteExport.Outcome
        do throws(SuiteExport.Refusal) {
            outcome = try await SuiteExport.export(
                format == .pact ? .pact(consumer: consumer) : .openAPI, out: out, catalogue: context.catalogue,
                options: options, location: location, writer: context.writer(root: location.root))
        } catch {
            throw refusal(error, out: out)
        }
        switch outcome {
        case .empty(let empty):
            return CommandOutcome(.invalid, [.error("\(Self.words(empty)); nothing was written")])
        case .invalid(let problems):
            return CommandOutcome(
                .invalid, [.diagnostics(problems), .error("a contract is invalid; nothing was written")])
        case .failed(let reason):
            return CommandOutcome(.invalid, [.error("\(reason); nothing was written")])
        case .cannotWrite(let error):
            // The document is one file, named as typed; a pact, by the file that failed.
            let path = format == .openapi ? out : error.path
            return CommandOutcome(
                .invalid, [.error("cannot write \(CodingPath.quote(path)): \(error.reason); nothing was written")])
        case .document(let operations):
            context.results(
                "wrote \(out): OpenAPI 3.1, \(operations) \(operations == 1 ? "operation" : "operations")\n")
            return CommandOutcome(.success)
        case .pacts(let pacts):
            return reportPacts(pacts, display: out, in: context)
        }
    }

    /// Why the export could not start, worded with the command's flags.
    private func refusal(_ refusal: SuiteExport.Refusal, out: String) -> ToolProblem {
        switch refusal {
        case .outIsAFolder:
            .usage(
                CommandLineError(message: "--out \(CodingPath.quote(out)) is a folder; name a file", command: Self.name)
            )
        case .outIsAFile:
            .usage(
                CommandLineError(
                    message: "--out \(CodingPath.quote(out)) is a file; pact writes a folder of files",
                    command: Self.name)
            )
        case .selection(let error):
            usage(error)
        }
    }

    /// Prints the pact files written; counts the cases left out by design (each named with
    /// `--verbose`) and names every other case left out.
    private func reportPacts(_ pacts: SuiteExport.Pacts, display: String, in context: CommandContext) -> CommandOutcome
    {
        // A case left out by design is counted, and named on request; any other is a case verify
        // fails, which is never hidden.
        var problems: [ToolProblem] = pacts.leftOut.compactMap { left in
            if !left.byDesign { return .warning(left.line) }
            return verbose ? .note(left.line) : nil
        }
        if let byDesign = pacts.byDesign {
            problems.append(.note(byDesign + (verbose ? "" : "; --verbose lists them")))
        }
        let shown = display.hasSuffix("/") ? display : display + "/"
        context.results(
            pacts.files.map {
                "wrote \(shown)\($0.name): \($0.interactions) \($0.interactions == 1 ? "interaction" : "interactions")\n"
            }.joined())
        if pacts.files.isEmpty {
            problems.append(.warning("no case of the selection is the provider's to give; no pact was written"))
        }
        return CommandOutcome(.success, problems)
    }
}
