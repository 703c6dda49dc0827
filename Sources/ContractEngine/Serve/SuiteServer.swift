import ContractCatalogue
import Foundation
import HTTPStub
import HTTPWire

/// `serve`'s front door: the suite's contracts answering over HTTP on one port, each API under
/// its own base path, reloaded when the files change.
package final class SuiteServer: Sendable {
    /// How to serve.
    package struct Settings: Sendable {
        /// The IPv4 address to listen on.
        package var host = "127.0.0.1"
        /// The port; 0 for a free one.
        package var port = 0
        /// The case choices as given: `NAME` (every contract that has the case) or `CONTRACT › NAME`.
        package var choices: [String] = []
        /// The web origins whose pages may call the server (CORS); none by default.
        package var cors: [String] = []
        /// How often the files are looked at for a change.
        var reloadInterval: TimeInterval = 0.25
        /// A connection with no request under way is closed after this long.
        var idleTimeout: TimeInterval = 30
        /// A request must arrive whole within this long of its first byte.
        var requestTimeout: TimeInterval = 10
        /// How many sessions are kept, and for how long.
        var sessions = SessionLimits()

        /// The defaults.
        package init() {}
    }

    /// What happens while serving, for the command line to print.
    package enum Event: Sendable {
        /// A request was answered: its log line.
        case request(String)
        /// The files changed and the suite was loaded again.
        case reloaded(contracts: Int, cases: Int)
        /// The files changed and the suite is invalid: the last valid suite is still served.
        case keptLastValid(Problem)
    }

    /// The port the server listens on.
    let port: Int
    /// The address it listens on.
    let host: String
    private let http: HTTPServer
    private let router: CaseRouter
    private let watcher: Locked<Task<Void, Never>?>

    private init(http: HTTPServer, host: String, router: CaseRouter) {
        self.http = http
        self.port = http.port
        self.host = host
        self.router = router
        watcher = Locked(nil)
    }

    /// `http://HOST:PORT`.
    package var url: String { "http://\(host):\(port)" }

    /// Each API served, with the base URL to give its client (`http://127.0.0.1:PORT/api/v1/`).
    package var baseURLs: [(api: String, url: String)] {
        router.suite.apis.map { ($0.name, url + $0.basePath) }
    }

    /// Loads the suite and starts serving it.
    /// - Parameters:
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - options: The paths and filters that select the contracts (and the folders).
    ///   - location: The folder the run started in and the suite around it.
    ///   - settings: Address, port, case choices and timeouts.
    ///   - events: Receives every request's log line and every reload, on any thread.
    /// - Returns: The running server, or why it cannot serve.
    package static func start(
        catalogue: Catalogue, options: VerifyOptions, location: SuiteLocation, settings: Settings,
        events: @escaping @Sendable (Event) -> Void
    ) async -> Result<SuiteServer, Problem> {
        let load = { @Sendable () async -> Result<ServedSuite, Problem> in
            await ServedSuite.load(catalogue: catalogue, options: options, location: location)
        }
        let watched = watchedFiles(options: options, location: location)
        let before = SuiteFingerprint(watched, scannedAt: Date())
        let suite: ServedSuite
        switch await load() {
        case .success(let loaded): suite = loaded
        case .failure(let problem): return .failure(problem)
        }
        let choices: [CaseChoice]
        switch resolve(settings.choices, in: suite) {
        case .success(let resolved): choices = resolved
        case .failure(let failure): return .failure(.unknownChoice(failure.choice, reason: failure.message.text))
        }
        let router = CaseRouter(
            suite: suite, choices: choices,
            // Every address, as the warning says: any name reaches it, so any Host is answered.
            hosts: settings.host == "0.0.0.0" ? [] : CaseRouter.loopbackHosts.union([settings.host.lowercased()]),
            cors: settings.cors, limits: settings.sessions)
        let http: HTTPServer
        do throws(HTTPServer.StartError) {
            http = try HTTPServer(
                host: settings.host, port: settings.port,
                timeouts: HTTPServer.Timeouts(idle: settings.idleTimeout, request: settings.requestTimeout),
                handler: router.answer,
                log: { exchange in events(.request(logLine(exchange))) })
        } catch {
            return .failure(.cannotListen(error.reason))
        }
        let server = SuiteServer(http: http, host: settings.host, router: router)
        let interval = UInt64(max(0.01, settings.reloadInterval) * 1e9)
        let task = Task.detached {
            var seen = before
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: interval)
                if Task.isCancelled { return }
                let now = SuiteFingerprint(watched, scannedAt: Date(), previous: seen)
                // Every look is the next one's last: a file racy at start-up is hashed once more, not forever.
                let changed = now != seen
                seen = now
                guard changed else { continue }
                reload(await load(), into: router, events: events)
            }
        }
        server.watcher.withLock { $0 = task }
        return .success(server)
    }

    /// Serves a suite loaded again, or says why the last one is kept: it is invalid, or a fixture
    /// was read half-written, which is never served: the last whole suite stays until the write
    /// ends, which changes the file again (issue 49, finding 5).
    private static func reload(
        _ loaded: Result<ServedSuite, Problem>, into router: CaseRouter, events: @Sendable (Event) -> Void
    ) {
        switch loaded {
        case .success(let loaded):
            let torn = loaded.tornFixtures
            guard torn.isEmpty else {
                events(.keptLastValid(.invalid(torn)))
                return
            }
            router.replace(loaded)
            events(
                .reloaded(contracts: loaded.contracts.count, cases: loaded.contracts.map(\.cases.count).reduce(0, +)))
        case .failure(let problem):
            events(.keptLastValid(problem))
        }
    }

    /// Stops serving: closes the listener and every connection, and stops watching the files.
    package func stop() {
        watcher.withLock { $0?.cancel() }
        http.stop()
    }

    /// A case choice that names no served case, and why.
    private struct ChoiceFailure: Error {
        let choice: String
        let message: ServeMessage
    }

    /// The case choices with their contracts named by identity: of the ways to read each, the
    /// first that names a served case; when none does, why the first one does not.
    private static func resolve(_ texts: [String], in suite: ServedSuite) -> Result<[CaseChoice], ChoiceFailure> {
        var choices: [CaseChoice] = []
        for text in texts {
            let resolved = CaseChoice.readings(of: text).map { resolve($0, text: text, in: suite) }
            switch resolved.first(where: { (try? $0.get()) != nil }) ?? resolved.first {
            case .success(let choice)?: choices.append(choice)
            case .failure(let failure)?: return .failure(failure)
            case nil: continue  // never: the whole text is always one reading
            }
        }
        return .success(choices)
    }

    /// One reading of a case choice, its contract named by identity, or why it names no served case.
    private static func resolve(_ reading: CaseChoice, text: String, in suite: ServedSuite) -> Result<
        CaseChoice, ChoiceFailure
    > {
        guard let name = reading.contract else {
            guard suite.contracts.contains(where: { $0.servedCase(named: reading.caseName) != nil }) else {
                return .failure(
                    ChoiceFailure(choice: text, message: ServeMessage("no served contract has a case of that name")))
            }
            return .success(reading)
        }
        switch CaseRouter.find(name, in: suite) {
        case .success(let contract):
            guard contract.servedCase(named: reading.caseName) != nil else {
                return .failure(
                    ChoiceFailure(
                        choice: text,
                        message: ServeMessage(
                            "\(contract.identity) has no case \(JSONValue.quote(reading.caseName)); its cases: \(contract.cases.map { JSONValue.quote($0.name) }.joined(separator: ", "))"
                        )))
            }
            return .success(CaseChoice(contract: contract.identity, caseName: reading.caseName))
        case .failure(let message):
            return .failure(ChoiceFailure(choice: text, message: message))
        }
    }

    private static func watchedFiles(options: VerifyOptions, location: SuiteLocation) -> [URL] {
        var roots = [location.fixtures(options.fixturesFolder).root]
        if options.paths.isEmpty {
            roots.append(location.folder(options.contractsFolder, default: SuiteLocation.contractsName).url)
        } else {
            roots += options.paths.map { location.resolve($0) }
        }
        return roots
    }

    /// A request's line on the log: method, path (query items the endpoint does not define left
    /// out), the case that answered, status, bytes and milliseconds.
    private static func logLine(_ exchange: HTTPServer.Exchange) -> String {
        let outcome = exchange.status.map { "\($0)" } ?? exchange.fault.map(\.rawValue) ?? "-"
        let tenths = Int((exchange.milliseconds * 10).rounded())
        let time = "\(tenths / 10).\(tenths % 10)"
        let head = exchange.request == nil ? "- \(exchange.note)" : exchange.note
        return "\(head) \(outcome) \(exchange.bodyCount) B \(time) ms"
    }
}
