import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts serve [PATH ...]`: the suite's contracts as the app's mock server, until
/// SIGINT or SIGTERM.
struct ServeCommand: ToolCommand, SuiteCommand {
    var options = VerifyOptions.commandLine
    var host = "127.0.0.1"
    var port = 0
    var choices: [String] = []
    var cors: [String] = []

    static let spec = CommandSpec<ServeCommand>(
        name: "serve",
        synopsis: """
            [PATH ...] [--filter TEXT] [--host ADDR] [--port N]
              [--case NAME ...] [--cors ORIGIN ...] [options]
            """,
        brief: "[PATH ...] [options]",
        summary: "serve the contracts over HTTP as the app's mock server",
        about: """
            Answers HTTP requests with the contracts' cases until SIGINT or SIGTERM, on one port for
            every API, each under its own base path; the first lines on stdout are the server's URL
            and one base URL per API to give its client. A request is matched to a contract by the
            request its client sends (method, path, query); the case that answers is the one named
            by the X-Contract-Case header, else the one selected through the control path, else the
            one --case names, else the contract's first case that decodes. The answer is the case's
            status, headers and fixture bytes as stored, after its delayMs; a network-error case is
            a fault on the wire (see docs/serving.md). GET /_contracts lists the contracts and
            cases as JSON; POST /_contracts/select {"contract": ..., "case": ...} selects a case;
            POST /_contracts/reset clears the selections. A request no contract matches gets a 404
            whose JSON body names the nearest contract and what differed. Every request is logged
            on stderr. A change to the served files reloads the suite within a second; a change
            that makes it invalid keeps the last valid suite and prints the diagnostics.
            """,
        arguments: [("PATH ...", "contract files or folders (default: the contracts folder)")],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .value(
                "--host", "ADDR",
                "the IPv4 address to listen on (default: 127.0.0.1); any other than\nloopback is warned about"
            ) {
                $0.host = $1 == "localhost" ? "127.0.0.1" : $1
            },
            .value("--port", "N", "the port (default: 0, a free one)") { command, value throws(CommandLineError) in
                guard let port = Int(value), (0...65535).contains(port) else {
                    throw CommandLineError(
                        message: "--port takes a number from 0 to 65535; got \(CodingPath.quote(value))",
                        command: "serve")
                }
                command.port = port
            },
            .value(
                "--case", "NAME",
                "answer with this case where nothing else chooses one: a case name, for\nevery contract that has it, or \"CONTRACT › NAME\"; repeat it for more"
            ) {
                $0.choices.append($1)
            },
            .value(
                "--cors", "ORIGIN",
                "let a web page of this origin (http://localhost:3000) call the server:\npreflights answered, answers carry Access-Control-Allow-Origin; repeat it for more"
            ) { command, value throws(CommandLineError) in
                // Any scheme with a host: a hybrid app's page is `capacitor://localhost` or `ionic://localhost`.
                guard let parts = URLComponents(string: value), let scheme = parts.scheme, !scheme.isEmpty,
                    value.lowercased().hasPrefix(scheme.lowercased() + "://"), parts.host?.isEmpty == false,
                    parts.path.isEmpty || parts.path == "/", parts.query == nil, parts.fragment == nil
                else {
                    throw CommandLineError(
                        message:
                            "--cors takes an origin: a scheme, a host and a port, such as http://localhost:3000; got \(CodingPath.quote(value))",
                        command: "serve")
                }
                command.cors.append(value.hasSuffix("/") ? String(value.dropLast()) : value)
            },
        ],
        positional: { command, value throws(CommandLineError) in command.options.paths.append(value) },
        validate: { command throws(CommandLineError) in
            var address = in_addr()
            guard inet_pton(AF_INET, command.host, &address) == 1 else {
                throw CommandLineError(
                    message: "--host takes an IPv4 address such as 127.0.0.1; got \(CodingPath.quote(command.host))",
                    command: "serve")
            }
        },
        exitStatus: [
            (0, "stopped by SIGINT or SIGTERM"),
            (2, "a contract is invalid, the address cannot be listened on, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        let output = context.output
        if !host.hasPrefix("127.") {
            output.standardError(
                "warning: serving on \(host), which is not a loopback address: other machines can reach the suite\n")
        }
        var settings = SuiteServer.Settings()
        settings.host = host
        settings.port = port
        settings.choices = choices
        settings.cors = cors
        context.environment.interruption.listen()
        let tool = context.tool
        // The log never holds up serving: a standard error nobody reads blocks only the pump.
        let log = LogPump { output.standardError($0) }
        let started = await SuiteServer.start(
            catalogue: context.catalogue, options: options, location: context.environment.location,
            settings: settings
        ) { event in
            switch event {
            case .request(let line):
                log.send(line + "\n")
            case .reloaded(let contracts, let cases):
                log.send("reloaded the suite: \(contracts) contracts, \(cases) cases\n")
            case .keptLastValid(let problem):
                let text = Self.problems(problem, closing: "still serving the last valid suite")
                    .map { $0.rendered(color: false, tool: tool) }.joined()
                log.send(text)
            }
        }
        let server: SuiteServer
        switch started {
        case .success(let running): server = running
        case .failure(let problem):
            return CommandOutcome(.invalid, Self.problems(problem, closing: "nothing was served"))
        }
        var lines = "serving \(server.url)\n"
        for (api, url) in server.baseURLs { lines += "\(api) \(url)\n" }
        context.results(lines)
        _ = await context.environment.interruption.wait()
        server.stop()
        log.flush(within: 1)
        return CommandOutcome(.success)
    }

    private static func problems(_ problem: SuiteServer.Problem, closing: String) -> [ToolProblem] {
        switch problem {
        case .selection(let problem):
            [
                .usage(
                    CommandLineError(
                        message: "\(CommandLineError(problem, command: name).message); \(closing)", command: name))
            ]
        case .usage(let message): [.usage(CommandLineError(message: "\(message); \(closing)", command: name))]
        case .invalid(let diagnostics): ToolProblem.refusal(diagnostics, "a contract is invalid; \(closing)")
        case .cannotListen(let reason): [.error(reason)]
        case .unknownChoice(let choice, let reason):
            [
                .usage(
                    CommandLineError(
                        message: "--case \(CodingPath.quote(choice)): \(reason); \(closing)", command: name)
                )
            ]
        }
    }
}
