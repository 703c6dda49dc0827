import ContractEngine
import DogPatchClients
import Foundation

/// `dogpatch-contracts add FIXTURE --contract FILE --name NAME (--endpoint E | --model M)`: puts a
/// body under the fixtures folder, adds a case for it to a contract, and verifies the case.
struct AddCommand: ToolCommand {
    var file: String?
    var contract: String?
    var name: String?
    var target = TargetChoice()
    var status = 200
    var expect: String?
    var arguments: String?
    var destination: String?
    var fixturesFolder: String?
    var timeout = VerifyOptions().timeout
    /// Whether the body comes from the server rather than a file.
    var live = false
    /// Response headers kept besides `Content-Type`, for `--live`.
    var keepHeaders: [String] = []
    var baseURLs = BaseURLChoice()
    /// Whether `--timeout` was given, so `--live` can wait its own default otherwise.
    var timeoutGiven = false
    /// The HTTP Archive to take cases from, and which of its entries.
    var har: String?
    var entry: Int?
    var filter: String?
    var dryRun = false
    var raw = false
    /// The provider state the new case's response needs.
    var given: String?

    /// What `--expect` accepts besides the `APIError` cases.
    static let decodes = "decodes"

    static let spec = CommandSpec<AddCommand>(
        name: "add",
        synopsis: "(FIXTURE | --live | --har FILE) --contract FILE --name NAME (--endpoint E | --model M) [options]",
        summary: "add a fixture and a case, then verify it",
        about: """
            Adds a case for a response body and verifies it. A body outside the fixtures folder is copied
            into it first (never over a different file). The case is appended to the contract file,
            leaving its other content as it is; a missing contract file is created. Every file is
            written, or none is. With --live, the body is the server's answer to the request the
            endpoint's client sends, and the case is marked recorded. With --har, every entry of an
            HTTP Archive (HAR 1.2, as proxies and browsers export it) whose request is the
            contract's becomes a fixture and a case, kept as captured; the contract must exist.
            """,
        arguments: [("FIXTURE", "the response body; a pipe such as /dev/stdin needs --as")],
        options: [
            .value(
                "--contract", "FILE", "the contract file to add the case to, from the suite's root\n(under contracts/)"
            ) { $0.contract = $1 },
            .value("--name", "NAME", "the case's name, unique in the contract") { $0.name = $1 },
            .value("--endpoint", "E", "the endpoint, for a new contract (replayed through its client)") {
                $0.target.endpoint = $1
            },
            .value("--model", "M", "the model, for a new fixture contract (decoding only)") { $0.target.model = $1 },
            .value("--status", "N", "the HTTP status the body comes with (default: 200)") {
                $0.status = try ArgumentValues.status($1, command: "add")
            },
            .value(
                "--expect", "WHAT",
                "decodes, or an APIError case: invalidRequest, responseUnsuccessful,\ninvalidData, jsonConversionFailure (default: the observed outcome)"
            ) {
                $0.expect = try expectation($1)
            },
            .value("--arguments", "JSON", "the endpoint's arguments for a new contract, such as '{\"name\": \"peru\"}'")
            { $0.arguments = $1 },
            .value(
                "--as", "PATH",
                "where to copy the body, relative to the fixtures folder; a trailing /\nmeans into that folder (default: the file's name)"
            ) {
                $0.destination = $1
            },
            .value("--fixtures", "DIR", "the fixtures folder (default: Fixtures/ at the suite's root)") {
                $0.fixturesFolder = $1
            },
            .value(
                "--timeout", "SECONDS",
                "how long the replayed client may take (default: 5), and with\n--live how long the server may take (default: 10)"
            ) {
                $0.timeout = try ArgumentValues.timeout($1, command: "add")
                $0.timeoutGiven = true
            },
            .flag(
                "--live",
                "take the body from the server instead of FIXTURE: the client's own\nrequest, sent to the API's base URL"
            ) { $0.live = true },
            .value(
                "--keep-header", "NAME",
                "with --live or --har, also write this response header (repeatable);\nSet-Cookie, Cookie, Authorization and Proxy-Authorization are never\nwritten, even when named"
            ) {
                $0.keepHeaders.append($1)
            },
            .value("--base-url", "[API=]URL", "with --live, where the API's request goes (default: the API's own)") {
                try ArgumentValues.baseURL($1, into: &$0.baseURLs, command: "add")
            },
            .value(
                "--har", "FILE",
                "take the bodies from an HTTP Archive's entries for the contract's\nrequest, instead of FIXTURE"
            ) {
                $0.har = $1
            },
            .value("--entry", "N", "with --har, take entry N only (numbered from 1 in the archive)") {
                $0.entry = try ArgumentValues.count($1, option: "--entry", command: "add")
            },
            .value("--filter", "TEXT", "with --har, take the entries whose URL contains TEXT, ignoring case") {
                $0.filter = $1
            },
            .flag("--dry-run", "with --har, list the cases and fixtures that would be written, and\nwrite nothing") {
                $0.dryRun = true
            },
            .flag(
                "--raw",
                "with --live or --har, write bodies exactly as received, not laid out\nfor review (2 spaces, the server's key order, values as sent)"
            ) { $0.raw = true },
            .value(
                "--given", "STATE",
                "the provider state the response needs, such as \"three dogs for sale\"\n(the Pact export's provider state; default: the case's name)"
            ) {
                $0.given = $1
            },
        ],
        positional: CommandSpec.oneFile(\.file, command: "add", what: "fixture"),
        validate: { command throws(CommandLineError) in
            func fail(_ message: String) -> CommandLineError { CommandLineError(message: message, command: "add") }
            if command.live, let file = command.file {
                throw fail("add takes FIXTURE or --live, not both; unexpected \"\(file)\"")
            }
            if command.har != nil, command.live || command.file != nil {
                throw fail("add takes one of FIXTURE, --live and --har")
            }
            if command.har == nil, command.entry != nil || command.filter != nil || command.dryRun {
                throw fail("--entry, --filter and --dry-run are for --har")
            }
            if command.entry != nil, command.filter != nil {
                throw fail("add --har takes --entry N or --filter TEXT, not both")
            }
            guard command.file != nil || command.live || command.har != nil else {
                throw fail("add needs the fixture file to add, --live to take it from the server, or --har FILE")
            }
            if !command.live, command.baseURLs != BaseURLChoice() {
                throw fail("--base-url is for --live")
            }
            if !command.live, command.har == nil, !command.keepHeaders.isEmpty {
                throw fail("--keep-header is for --live and --har")
            }
            guard command.contract != nil else {
                throw fail("add needs --contract FILE: the contract to add the case to")
            }
            guard command.har != nil || !(command.name ?? "").isEmpty else {
                throw fail("add needs --name NAME: the new case's name")
            }
            if command.har != nil, command.name == "" { throw fail("--name needs a name") }
        },
        exitStatus: [
            (0, "the case was added and passed"),
            (1, "the case was added and failed"),
            (
                2,
                "nothing was added: a duplicate name, a different file in the way, an invalid contract,\nor wrong arguments"
            ),
        ]
    )

    /// Checks `--expect`.
    private static func expectation(_ text: String) throws(CommandLineError) -> String {
        guard text == decodes || APIError.Kind(rawValue: text) != nil else {
            let kinds = APIError.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandLineError(
                message: "--expect takes \(decodes) or an APIError case (\(kinds)), not \"\(text)\"", command: "add")
        }
        return text
    }

    /// Plans every write, makes them all or none, says what it did, then verifies the new case.
    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        if let har { return try await addCaptured(from: har, in: context) }
        guard let contractPath = contract, let name else { return CommandOutcome(.invalid) }
        let location = context.environment.location
        let fixtures = location.fixtures(fixturesFolder)
        // Resolved from the suite's root, as --as is from the fixtures folder, so add does the
        // same thing from any folder of the suite.
        let contractURL = location.resolveInSuite(contractPath)
        if let problem = Self.unreachable(contractURL, as: contractPath, in: location) {
            throw .usage(CommandLineError(message: problem, command: Self.name))
        }
        var problems: [ToolProblem] = []
        let source: Source
        do throws(AddRefusal) {
            source = try await self.source(
                contract: (contractPath, contractURL), name: name, fixtures: fixtures, context: context,
                problems: &problems)
        } catch {
            return CommandOutcome(.invalid, problems + error.problems)
        }
        let request = await newContractRequest(at: contractURL, path: contractPath, catalogue: context.catalogue)
        // Planned from the files as they are, and planned again under the suite's lock, so a
        // case added by another process meanwhile is kept and a name it took is refused.
        let plan: Plan
        do {
            plan = try context.writer(root: location.root).write { () throws(AddRefusal) in
                let plan = try makePlan(
                    source: source, contract: (contractPath, contractURL), name: name, request: request,
                    fixtures: fixtures, context: context)
                var changes = FileChanges()
                if let copy = plan.copy {
                    changes.write(plan.body, to: copy, display: fixtures.displayName(plan.fixturePath))
                }
                changes.write(plan.contractText, to: contractURL, display: contractPath)
                return (changes, plan)
            }.plan
        } catch {
            switch error {
            case .refused(let refusal): return CommandOutcome(.invalid, problems + refusal.problems)
            case .cannotWrite(let error):
                return CommandOutcome(
                    .invalid,
                    problems + [
                        .error("cannot write \(JSONValue.quote(error.path)): \(error.reason); nothing was added")
                    ])
            }
        }
        context.results(plan.summary(source: source, contractPath: contractPath, name: name, fixtures: fixtures))
        var outcome = await verifyCase(
            named: name, contractURL: contractURL, display: contractPath, fixtures: fixtures, context: context)
        outcome.problems = problems + outcome.problems
        return outcome
    }

    /// The `request` block a new endpoint contract states: what the client sends for its
    /// arguments, learnt on the stub. `nil` for an existing contract, a fixture contract, or
    /// arguments the plan then refuses with their diagnostics.
    private func newContractRequest(at url: URL, path: String, catalogue: Catalogue) async -> String? {
        guard !FileManager.default.fileExists(atPath: url.path), let name = target.endpoint,
            case .success(let endpoint) = catalogue.endpoint(resolving: name),
            let arguments = try? Self.parsedArguments(
                arguments, endpoint: name, contractPath: path, catalogue: catalogue),
            case .success(let request) = await ClientRequest.learn(endpoint, arguments: arguments)
        else { return nil }
        return request.contractBlock
    }

    /// Why `verify` would never run a contract at this place, if it would not: outside the suite's
    /// `contracts/` folder, or not a `.json` file.
    static func unreachable(_ url: URL, as path: String, in location: SuiteLocation) -> String? {
        let contracts =
            RealPath.resolvingExisting(
                location.root.appendingPathComponent(SuiteLocation.contractsName).standardizedFileURL.path) + "/"
        let folder = RealPath.resolvingExisting(url.deletingLastPathComponent().standardizedFileURL.path) + "/"
        let display = SuiteLocation.contractsName + "/"
        if !folder.hasPrefix(contracts) {
            // From inside contracts/, the path the user most likely meant starts where they stand.
            let root = location.root.standardizedFileURL.path + "/"
            let here = location.currentDirectory.standardizedFileURL.path + "/"
            let meant =
                here.hasPrefix(root + display) && !path.hasPrefix("/")
                ? String(here.dropFirst(root.count)) + path : display + url.lastPathComponent
            return
                "the contract \(JSONValue.quote(path)) would be \(JSONValue.quote(url.standardizedFileURL.path)), outside the suite's \(display) folder, and verify would never run it; --contract is a path from the suite's root, such as \(JSONValue.quote(meant))"
        }
        if !url.lastPathComponent.lowercased().hasSuffix(".json") {
            return "the contract \(JSONValue.quote(path)) does not end in .json, and verify runs only .json files"
        }
        return nil
    }

    /// Runs the new case as `verify` would and prints its verdict.
    private func verifyCase(
        named name: String, contractURL: URL, display: String, fixtures: FixtureLocator, context: CommandContext
    ) async -> CommandOutcome {
        let result: CaseResult
        switch ContractLoader(catalogue: context.catalogue, fixtures: fixtures).load(
            contentsOf: contractURL, file: display)
        {
        case .invalid(_, let endpoint, let diagnostics):
            result = CaseResult(
                contract: display, endpoint: endpoint, caseName: CaseResult.wholeContract, status: .error,
                diagnostics: diagnostics)
        case .loaded(let contract):
            switch contract.cases.first(where: { $0.name == name }) {
            case let entry?:
                result = await RunContext(fixtures: fixtures, timeout: timeout).verify(entry, of: contract)
            case nil:
                result = CaseResult(
                    contract: display, endpoint: contract.endpoint?.name, caseName: name, status: .error,
                    diagnostics: [
                        Diagnostic(
                            .error, "the new case \(JSONValue.quote(name)) is missing after writing", file: display)
                    ])
            }
        }
        let report = Report([result])
        context.results(report.render(.text, palette: Palette(enabled: false)))
        return CommandOutcome(
            Tool.exitCode(report.summary), result.diagnostics.isEmpty ? [] : [.diagnostics(result.diagnostics)])
    }
}

/// Why `add` wrote nothing.
enum AddRefusal: Error {
    /// The arguments are wrong.
    case usage(CommandLineError)
    /// The files refuse the case: the problems in them, and what that means.
    case refused([Diagnostic], String)

    init(_ message: String) { self = .refused([], message) }

    var problems: [ToolProblem] {
        switch self {
        case .usage(let error): [.usage(error)]
        case .refused(let diagnostics, let message): ToolProblem.refusal(diagnostics, message)
        }
    }
}
