import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts export (pact --out DIR | openapi --out FILE) [PATH ...]`: the contract, taken
/// out of the repository in a form the server team's tools read; and `export schema --out FILE`,
/// the contract format's JSON Schema with the catalogue's names, for editors.
struct ExportCommand: ToolCommand, SuiteCommand {
    /// What `export` writes.
    enum Format: String, CaseIterable {
        case pact, openapi, schema
    }

    var options = VerifyOptions.commandLine
    var format: Format?
    var out: String?
    /// `--consumer`, when given; pact names the tool's consumer, else the package's, otherwise.
    var consumerGiven: String?
    /// `--consumer-version`, `--branch` and `--consumer-version-from-git`: what the pacts carry.
    var version: (number: String?, branch: String?, readsGit: Bool) = (nil, nil, false)
    var verbose = false

    /// The consumer the pact files are named for: `--consumer`, else the tool's own default, else
    /// the name of the package at the suite's root, else the root folder's name.
    func consumer(in context: CommandContext) -> String {
        consumerGiven ?? context.tool.consumer ?? context.environment.location.packageName
            ?? context.environment.location.root.lastPathComponent
    }

    static let spec = CommandSpec<ExportCommand>(
        name: "export",
        synopsis: """
            pact --out DIR [--consumer-version V] [PATH ...] [options]
            openapi --out FILE [PATH ...] [options]
            schema --out FILE
            """,
        brief: "(pact --out DIR | openapi --out FILE | schema --out FILE) [options]",
        summary: "write the contracts as Pact files or an OpenAPI 3.1 document, or their JSON Schema",
        about: """
            pact: one Pact 3.0.0 file per API, DIR/<consumer>-<provider>.json, an interaction per case
            whose response is the provider's to give (decoding cases and error statuses), its
            provider state the case's "given" (else its name), the request the client sends, and the
            body the app needs: the keys the model requires and those the case's "values" names,
            arrays cut to one element, with matching rules from the model. Cases left out by design
            (network errors, invalidRequest, fixture contracts, the client's robustness, skipped
            cases) are counted in one note, and listed with --verbose; a case left out because verify
            fails it is a warning. --consumer-version and --branch (or --consumer-version-from-git) are
            carried in each pact's metadata and the summary, for `pact broker publish` to publish them
            under.

            openapi: an OpenAPI 3.1 document (JSON) for the endpoints the selected contracts use: the
            request each endpoint's client sends, and for a 200 the JSON Schema (2020-12) of exactly
            what the model accepts: the keys it requires, the types and null it accepts at every key
            it reads, arrays, dictionaries, and strings it is stricter about (a UUID, a URL). Other
            keys are allowed. The error statuses the contracts list are named too. Derived from the
            clients and the models, never written by hand; the same inputs give the same bytes.

            Both: a case neither export can state (its client sends no request for the contract's
            arguments, or its model's shape cannot be learnt) is left out of both with a note at
            its line; the other cases are written. With --strict such a note is an error and
            nothing is written.

            schema: the JSON Schema (2020-12) of contract files with an enum of the catalogue's
            endpoint and model names, and each endpoint's arguments and model, for an editor to
            complete and check contracts as you type. Written to schema/contract.schema.json at the
            suite's root, it is the schema add names in the contracts it creates. It reads no
            contract, so it takes no PATH, --filter or --fixtures.
            """,
        arguments: [
            ("pact | openapi | schema", "the format"),
            ("PATH ...", "contract files or folders (default: the contracts folder)"),
        ],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .value(
                "--out", "DIR | FILE",
                "pact: the folder for the files (made when absent); openapi, schema: the\nfile (each replaced in one step)"
            ) {
                $0.out = $1
            },
            .value(
                "--consumer", "NAME",
                "pact: the consumer's name (default: {CONSUMER})"
            ) { $0.consumerGiven = $1 },
            .value("--consumer-version", "V", "pact: the app's version the pacts are published under") {
                $0.version.number = $1
            },
            .value("--branch", "B", "pact: the branch that version was built from") { $0.version.branch = $1 },
            .flag(
                "--consumer-version-from-git",
                "pact: the version not given is the checked-out commit's hash, the\nbranch not given its branch (none when HEAD is detached)"
            ) { $0.version.readsGit = true },
            .flag("--verbose", "pact: list each case left out by design, with the reason") { $0.verbose = true },
            .flag("--strict", "a case the export cannot state is an error, and nothing is written") {
                $0.options.strict = true
            },
        ],
        positional: { command, value throws(CommandLineError) in
            if command.format == nil {
                guard let format = Format(rawValue: value) else {
                    throw CommandLineError(
                        message: "export writes pact, openapi or schema; unknown format \"\(value)\"",
                        command: "export")
                }
                command.format = format
            } else {
                command.options.paths.append(value)
            }
        },
        validate: { command throws(CommandLineError) in
            guard let format = command.format else {
                throw CommandLineError(message: "export needs a format: pact, openapi or schema", command: "export")
            }
            if format == .schema {
                try validateSchema(command)
            }
            // Options of the other format are refused, never ignored in silence.
            if format == .openapi, let option = command.pactOption {
                throw CommandLineError(
                    message: "\(option) is for export pact; an OpenAPI document has no consumer and leaves no case out",
                    command: "export")
            }
            guard let out = command.out, !out.isEmpty else {
                throw CommandLineError(
                    message: "export needs --out: the folder (pact) or the file (openapi, schema) to write",
                    command: "export")
            }
            for (option, value) in [
                ("--consumer-version", command.version.number), ("--branch", command.version.branch),
            ]
            where value.map({ $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) == true {
                throw CommandLineError(message: "\(option) needs a value that is not blank", command: "export")
            }
            if let consumer = command.consumerGiven, !SuiteExport.canNameFiles(consumer: consumer) {
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

    /// The first option given that only `export pact` takes, if any.
    var pactOption: String? {
        if consumerGiven != nil { return "--consumer" }
        if version.number != nil { return "--consumer-version" }
        if version.branch != nil { return "--branch" }
        if version.readsGit { return "--consumer-version-from-git" }
        return verbose ? "--verbose" : nil
    }

    /// Refuses what `export schema` would otherwise ignore: it reads no contract and names no consumer.
    private static func validateSchema(_ command: ExportCommand) throws(CommandLineError) {
        let ignored: String? =
            if let option = command.pactOption { option } else if !command.options.paths.isEmpty {
                "PATH"
            } else if !command.options.filters.isEmpty {
                "--filter"
            } else if command.options.fixturesFolder != nil { "--fixtures" } else { nil }
        if let ignored {
            throw CommandLineError(
                message:
                    "export schema takes no \(ignored): the schema names the catalogue's endpoints and models, whatever the contracts",
                command: "export")
        }
    }

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let out, let format else { return CommandOutcome(.invalid) }
        if format == .schema { return try writeSchema(to: out, in: context) }
        let location = context.environment.location
        _ = try outsideContracts(out, option: "--out", example: format == .pact ? "pacts" : "openapi.json", in: context)
        let consumer = consumer(in: context)
        if format == .pact, !SuiteExport.canNameFiles(consumer: consumer) {
            throw .usage(
                CommandLineError(
                    message:
                        "the consumer \(CodingPath.quote(consumer)) (the package's name) cannot name a file: give --consumer NAME",
                    command: Self.name))
        }
        let outcome: SuiteExport.Outcome
        do throws(SuiteExport.Refusal) {
            outcome = try await SuiteExport.export(
                format == .pact
                    ? .pact(
                        consumer: consumer, version: version.number, branch: version.branch,
                        versionFromGit: version.readsGit) : .openAPI, out: out, catalogue: context.catalogue,
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
        case .document(let operations, let notes):
            context.results(
                "wrote \(out): OpenAPI 3.1, \(operations) \(operations == 1 ? "operation" : "operations")\n")
            return CommandOutcome(.success, notes.isEmpty ? [] : [.diagnostics(notes)])
        case .pacts(let pacts):
            return reportPacts(pacts, display: out, in: context)
        case .schema:
            return CommandOutcome(.invalid)
        }
    }

    /// `export schema`: the contract schema with the catalogue's names, written to its file.
    private func writeSchema(to out: String, in context: CommandContext) throws(ToolProblem) -> CommandOutcome {
        let location = context.environment.location
        _ = try outsideContracts(out, option: "--out", example: "schema/contract.schema.json", in: context)
        let outcome: SuiteExport.Outcome
        do throws(SuiteExport.Refusal) {
            outcome = try SuiteExport.schema(
                catalogue: context.catalogue, out: out, location: location, writer: context.writer(root: location.root))
        } catch {
            throw refusal(error, out: out)
        }
        switch outcome {
        case .schema(let endpoints, let models):
            context.results(
                "wrote \(out): the contract schema, \(endpoints) \(endpoints == 1 ? "endpoint" : "endpoints") and \(models) \(models == 1 ? "model" : "models")\n"
            )
            return CommandOutcome(.success)
        case .cannotWrite(let error):
            return CommandOutcome(
                .invalid, [.error("cannot write \(CodingPath.quote(out)): \(error.reason); nothing was written")])
        default:
            return CommandOutcome(.invalid)
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
        if !pacts.notes.isEmpty { problems.append(.diagnostics(pacts.notes)) }
        if let byDesign = pacts.byDesign {
            problems.append(.note(byDesign + (verbose ? "" : "; --verbose lists them")))
        }
        let shown = display.hasSuffix("/") ? display : display + "/"
        context.results(
            pacts.files.map {
                "wrote \(shown)\($0.name): \($0.interactions) \($0.interactions == 1 ? "interaction" : "interactions")\n"
            }.joined())
        if pacts.version != nil || pacts.branch != nil, !pacts.files.isEmpty {
            let number = pacts.version.map { " \($0)" } ?? ", no version"
            let branch = pacts.branch.map { "branch \($0)" } ?? "no branch"
            context.results("consumer version: \(consumer(in: context))\(number), \(branch)\n")
        }
        if pacts.files.isEmpty {
            problems.append(.warning("no case of the selection is the provider's to give; no pact was written"))
        }
        return CommandOutcome(.success, problems)
    }
}
