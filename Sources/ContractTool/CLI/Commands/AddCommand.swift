import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts add FIXTURE --contract FILE --name NAME (--endpoint E | --model M)`: puts a
/// body under the fixtures folder, adds a case for it to a contract, and verifies the case. The
/// body comes from a file, the server (`--live`) or an archive (`--har`); the engine plans and
/// writes, and the command words what it says.
struct AddCommand: ToolCommand {
    var file: String?
    var contract: String?
    var name: String?
    var target = TargetChoice()
    /// The case asked for, as the options fill it (its name and target are set from `name` and
    /// `target` once they are checked).
    var request = CaseAddition.Request(name: "")
    var fixturesFolder: String?
    /// `--timeout`: the replayed client's, and with `--live` the server's (each has its default).
    var timeout: TimeInterval?
    /// Whether the body comes from the server rather than a file.
    var live = false
    var baseURLs = BaseURLChoice()
    /// The HTTP Archive to take cases from, and which of its entries.
    var har: String?
    var pick = CaseAddition.Pick()

    /// What `--expect` accepts besides the endpoint's error names.
    static let decodes = "decodes"

    static let spec = CommandSpec<AddCommand>(
        name: "add",
        synopsis: """
            FIXTURE --contract FILE --name NAME [--endpoint E | --model M]
              [--status N] [--expect WHAT] [--arguments JSON] [--as PATH] [options]
            --live --contract FILE --name NAME [--endpoint E] [--arguments JSON]
              [--base-url [API=]URL] [--keep-header NAME] [--raw] [options]
            --har FILE --contract FILE [--name NAME] [--entry N | --filter TEXT]
              [--flow FIRST-LAST] [--dry-run] [--keep-header NAME] [--raw] [options]
            """,
        brief: "(FIXTURE | --live | --har FILE) --contract FILE [--name NAME] [options]",
        summary: "add a fixture and a case, then verify it",
        about: """
            Adds a case for a response body and verifies it. A body outside the fixtures folder is copied
            into it first (never over a different file). The case is appended to the contract file,
            leaving its other content as it is; a missing contract file is created. Every file is
            written, or none is. With --live, the body is the server's answer to the request the
            endpoint's client sends, and the case is marked recorded. With --har, every entry of an
            HTTP Archive (HAR 1.2, as proxies and browsers export it) whose request is the
            contract's becomes a fixture and a case, kept as captured; the contract must exist. With
            --flow FIRST-LAST, the entries FIRST to LAST (a 401, the token request, the retry) become one
            flow case instead, an exchange each, the first of them the contract's request.
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
                $0.request.status = try ArgumentValues.status($1, command: "add")
            },
            .value(
                "--expect", "WHAT",
                "decodes, or one of the endpoint's errors, such as APIError's responseUnsuccessful or\ninvalidData (default: the observed outcome)"
            ) {
                $0.request.expect = try expectation($1)
            },
            .value("--arguments", "JSON", "the endpoint's arguments for a new contract, such as {ARGUMENTS}") {
                $0.request.arguments = $1
            },
            .value(
                "--as", "PATH",
                "where to copy the body, relative to the fixtures folder; a trailing /\nmeans into that folder (default: the file's name)"
            ) {
                $0.request.destination = $1
            },
            .value("--fixtures", "DIR", "the fixtures folder (default: Fixtures/ at the suite's root)") {
                $0.fixturesFolder = $1
            },
            .value(
                "--timeout", "SECONDS",
                "how long the replayed client may take (default: \(Help.replayTimeout)), and with\n--live how long the server may take (default: \(Help.liveTimeout))"
            ) {
                $0.timeout = try ArgumentValues.timeout($1, command: "add")
            },
            .flag(
                "--live",
                "take the body from the server instead of FIXTURE: the client's own\nrequest, sent to the API's base URL"
            ) { $0.live = true },
            .flag(
                "--allow-writes",
                "with --live, send the client's request even when it changes data (POST,\nPUT, PATCH, DELETE); without it only GET and HEAD are sent"
            ) { $0.request.allowWrites = true },
            .value(
                "--keep-header", "NAME",
                "with --live or --har, also write this response header (repeatable);\nSet-Cookie, Cookie, Authorization and Proxy-Authorization are never\nwritten, even when named"
            ) {
                $0.request.keepHeaders.append($1)
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
                $0.pick.entry = try ArgumentValues.count($1, option: "--entry", command: "add")
            },
            .value("--filter", "TEXT", "with --har, take the entries whose URL contains TEXT, ignoring case") {
                $0.pick.filter = $1
            },
            .value(
                "--flow", "FIRST-LAST",
                "with --har, take entries FIRST to LAST, in order, as the exchanges\nof one flow case (--filter leaves out those it does not match)"
            ) {
                $0.pick.flow = try Self.flowRange($1)
            },
            .flag("--dry-run", "with --har, list the cases and fixtures that would be written, and\nwrite nothing") {
                $0.pick.dryRun = true
            },
            .flag(
                "--raw",
                "with --live or --har, write bodies exactly as received, not laid out\nfor review (2 spaces, the server's key order, values as sent)"
            ) { $0.request.raw = true },
            .value(
                "--given", "STATE",
                "the provider state the response needs, such as \"three dogs for sale\"\n(the Pact export's provider state; default: the case's name)"
            ) {
                $0.request.given = $1
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
            if command.har == nil, command.pick.entry != nil || command.pick.filter != nil || command.pick.dryRun {
                throw fail("--entry, --filter and --dry-run are for --har")
            }
            if command.pick.entry != nil, command.pick.filter != nil {
                throw fail("add --har takes --entry N or --filter TEXT, not both")
            }
            if command.pick.flow != nil, command.har == nil || command.pick.entry != nil {
                throw fail("--flow is for --har, and takes its entries instead of --entry")
            }
            guard command.file != nil || command.live || command.har != nil else {
                throw fail("add needs the fixture file to add, --live to take it from the server, or --har FILE")
            }
            if !command.live, command.baseURLs != BaseURLChoice() {
                throw fail("--base-url is for --live")
            }
            if !command.live, command.request.allowWrites {
                throw fail("--allow-writes is for --live")
            }
            if !command.live, command.har == nil, !command.request.keepHeaders.isEmpty {
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
    private static func expectation(_ text: String) throws(CommandLineError) -> CaseAddition.Expecting {
        if text == decodes { return .decodes }
        // The name is the endpoint's to judge: the new case loads only with an error its vocabulary has.
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw CommandLineError(
                message: "--expect takes \(decodes) or the name of one of the client's errors, not \"\(text)\"",
                command: "add")
        }
        return .error(text)
    }

    /// Reads `--flow FIRST-LAST` (or `--flow N`, a flow of one entry): entry numbers from 1, in order.
    private static func flowRange(_ text: String) throws(CommandLineError) -> ClosedRange<Int> {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(bounds.count), let first = bounds.first ?? nil, let last = bounds.last ?? nil,
            first >= 1, first <= last
        else {
            throw CommandLineError(
                message:
                    "--flow takes the first and last entry numbers, such as 3-5 (numbered from 1), not \"\(text)\"",
                command: "add")
        }
        return first...last
    }

    /// Where the body comes from, once the options are checked.
    var origin: CaseAddition.Origin {
        if let har { return .archive(har, pick) }
        return live ? .live(baseURLs) : .file(file ?? "")
    }

    /// Hands the origin to the engine once, and words what it says.
    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let contract else { return CommandOutcome(.invalid) }
        let location = context.environment.location
        let account = await CaseAddition.add(
            origin, request: caseRequest, contract: contract, fixtures: fixturesFolder, in: location,
            catalogue: context.catalogue, writer: context.writer(root: location.root), timeout: timeout,
            names: .commandLine)
        return finish(account, in: context) { done in
            switch done {
            case .added(let added):
                (Self.summary(of: added, contract: contract, name: name ?? ""), added.results)
            case .imported(let imported):
                Self.summary(of: imported, contract: contract, dryRun: pick.dryRun, flow: pick.flow != nil)
            }
        }
    }

    /// The case asked for, with its name and target.
    private var caseRequest: CaseAddition.Request {
        var request = self.request
        request.name = name ?? ""
        request.endpoint = target.endpoint
        request.model = target.model
        return request
    }

    /// Prints what was added and the verdicts of the new cases, or says why nothing was.
    private func finish<Value>(
        _ account: CaseAddition.Account<Value>, in context: CommandContext,
        summary: (Value) -> (text: String, results: [CaseResult]?)
    ) -> CommandOutcome {
        let warnings = account.warnings.map(Self.words)
        switch account.result {
        case .failure(let problem):
            return CommandOutcome(.invalid, warnings + Self.words(problem, catalogue: context.catalogue))
        case .success(let value):
            let (text, results) = summary(value)
            context.results(text)
            guard let results else { return CommandOutcome(.success, warnings) }
            let report = Report(results)
            context.results(report.render(.text))
            let diagnostics = results.flatMap(\.diagnostics)
            return CommandOutcome(
                ExitCode(report: report), warnings + (diagnostics.isEmpty ? [] : [.diagnostics(diagnostics)]))
        }
    }
}
