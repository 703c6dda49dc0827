import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The suite as `serve` answers from it: each endpoint contract with the request its client
/// sends, and each case's answer made ready once. A class: every request takes the suite out of
/// the router's lock, and a reference is one retain where the struct's copy was one per field.
final class ServedSuite: Sendable {
    /// The contracts in suite order.
    let contracts: [ServedContract]
    /// The APIs served, with the base path their clients are given, in catalogue order.
    let apis: [(name: String, basePath: String)]
    /// The names of the query items each endpoint defines, by endpoint name, made once: matching
    /// and every log line read them.
    private let definedQueries: [String: Set<String>]
    /// The contracts whose client sends each method and path (as compared), in suite order: a
    /// request is matched against those alone, however large the suite.
    private let byRoute: [String: [ServedContract]]
    /// The contracts by identity.
    private let byIdentity: [String: ServedContract]
    /// The contracts whose path has holes, in suite order: a request no route answers is matched
    /// against these.
    let withPathHoles: [ServedContract]

    /// A suite of served contracts.
    /// - Parameters:
    ///   - contracts: The contracts in suite order.
    ///   - apis: The APIs served, with their base paths.
    init(contracts: [ServedContract], apis: [(name: String, basePath: String)]) {
        self.contracts = contracts
        self.apis = apis
        // The items the endpoint's clients were seen to send in a query: an argument sent in the
        // path (`name`) is none, so `?name=...` is an item of the app's own, not matched or logged.
        var defined: [String: Set<String>] = [:]
        for contract in contracts {
            defined[contract.endpoint.name, default: []].formUnion((contract.request?.query ?? []).map(\.name))
        }
        definedQueries = defined
        var routes: [String: [ServedContract]] = [:]
        for contract in contracts {
            guard let sent = contract.request else { continue }
            routes[Self.route(method: sent.method, path: sent.comparedPath), default: []].append(contract)
        }
        byRoute = routes
        byIdentity = Dictionary(contracts.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        withPathHoles = contracts.filter { $0.template != nil && $0.request != nil }
    }

    /// The contract with an identity, such as `contracts/dogpatch/get-dogs.json`.
    func contract(_ identity: String) -> ServedContract? { byIdentity[identity] }

    /// The contracts whose client sends a method and path, in suite order.
    /// - Parameters:
    ///   - method: The request's method.
    ///   - comparedPath: Its path as sent, normalised as `SentRequest.normalized` does.
    /// - Returns: The contracts.
    func contracts(sending method: String, to comparedPath: String) -> [ServedContract] {
        byRoute[Self.route(method: method, path: comparedPath)] ?? []
    }

    private static func route(method: String, path: String) -> String { method + " " + path }

    /// The fixtures of cases that decode whose bytes are not whole JSON: files caught while they
    /// were being written, one problem each.
    var tornFixtures: [Diagnostic] {
        var seen: Set<String> = []
        return contracts.flatMap(\.cases).compactMap { served in
            guard served.isTorn, let fixture = served.fixture, seen.insert(fixture).inserted else { return nil }
            return Diagnostic(
                .error,
                "the fixture is not whole JSON (\(served.body.count) bytes), and case \(JSONValue.quote(served.name)) decodes it: it is being written, or cut off",
                file: fixture)
        }
    }

    /// Loads the suite's selected contracts and readies their answers.
    /// - Parameters:
    ///   - catalogue: The endpoints.
    ///   - options: The folders, PATHs and filters that select the contracts.
    ///   - location: The folder the run started in and the suite around it.
    /// - Returns: The suite, or the problems that keep it from being served (as `verify` words them).
    static func load(catalogue: Catalogue, options: VerifyOptions, location: SuiteLocation) async -> Result<
        ServedSuite, SuiteServer.Problem
    > {
        let selection: SuiteSelection
        do throws(SuiteSelection.UsageError) {
            selection = try SuiteSelection(catalogue: catalogue, options: options, location: location)
        } catch {
            return .failure(.selection(error))
        }
        let items = selection.items
        let (chosen, problems) = endpointContracts(in: items)
        guard problems.isEmpty else { return .failure(.invalid(problems)) }
        if items.isEmpty { return .failure(.usage("no case is selected")) }
        if chosen.isEmpty {
            return .failure(
                .usage("no selected contract names an endpoint (fixture contracts have no request)"))
        }
        let requests = await clientRequests(of: chosen)
        switch servedContracts(chosen, requests: requests, fixtures: selection.fixtureLocator) {
        case .success(let contracts):
            return .success(ServedSuite(contracts: contracts, apis: servedAPIs(contracts, catalogue: catalogue)))
        case .failure(let problem):
            return .failure(problem)
        }
    }

    /// A contract that names an endpoint, with its selected cases that are ready.
    private typealias Chosen = (contract: Contract, specs: [CaseSpec])

    /// The selected contracts that name an endpoint, each with its ready cases in suite order, and
    /// the problems of the contracts and cases that are not valid.
    private static func endpointContracts(in items: [SuiteItem]) -> (chosen: [Chosen], problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        var chosen: [Chosen] = []
        for item in items {
            if let diagnostics = item.problems {
                problems += diagnostics
            } else if case .contractCase(let contract, .ready(let spec)) = item, contract.endpoint != nil {
                if chosen.last?.contract.file == contract.file {
                    chosen[chosen.count - 1].specs.append(spec)
                } else {
                    chosen.append((contract, [spec]))
                }
            }
        }
        return (chosen, problems)
    }

    /// The request each chosen contract's client sends, by the contract's index, learnt concurrently;
    /// absent where the client sends none.
    private static func clientRequests(of chosen: [Chosen]) async -> [Int: URLRequest] {
        await withTaskGroup(of: (Int, URLRequest?).self) { group in
            for (index, (contract, _)) in chosen.enumerated() {
                guard let endpoint = contract.endpoint else { continue }
                group.addTask {
                    let learnt = await ClientRequest.learn(endpoint, arguments: contract.arguments)
                    return (index, try? learnt.get().request)
                }
            }
            var found: [Int: URLRequest] = [:]
            for await (index, request) in group { found[index] = request }
            return found
        }
    }

    /// The chosen contracts as served, each case's body loaded once; the problems of the bodies
    /// that cannot be loaded.
    private static func servedContracts(
        _ chosen: [Chosen], requests: [Int: URLRequest], fixtures: FixtureLocator
    ) -> Result<[ServedContract], SuiteServer.Problem> {
        var problems: [Diagnostic] = []
        var contracts: [ServedContract] = []
        for (index, (contract, specs)) in chosen.enumerated() {
            guard let endpoint = contract.endpoint else { continue }
            var cases: [ServedCase] = []
            let orders = headerOrders(contract)
            for spec in specs {
                switch LoadedBody.load(spec.response, fixtures: fixtures, contractFile: contract.file) {
                case .success(let body):
                    var served = ServedCase(
                        spec: spec, body: body.data, fixture: body.file, headerOrder: orders[spec.name] ?? [])
                    if spec.isFlow {
                        switch ServedStep.steps(of: spec, fixtures: fixtures, contractFile: contract.file) {
                        case .success(let steps): served.steps = steps
                        case .failure(let diagnostic): problems.append(diagnostic)
                        }
                    }
                    cases.append(served)
                case .failure(let diagnostic): problems.append(diagnostic)
                }
            }
            var stated = StatedRequest.none
            switch StatedRequest.of(contract, fixtures: fixtures) {
            case .success(let read): stated = read
            case .failure(let diagnostic): problems.append(diagnostic)
            }
            contracts.append(
                ServedContract(
                    identity: contract.file, endpoint: endpoint, request: requests[index].flatMap(SentRequest.init),
                    cases: cases,
                    sequence: contract.sequence.filter { name in cases.contains { $0.name == name } }, stated: stated,
                    template: contract.request?.pathTemplate, freeQuery: contract.request?.freeQuery ?? []))
        }
        guard problems.isEmpty else { return .failure(.invalid(problems)) }
        return .success(contracts)
    }

    /// The APIs the contracts' endpoints belong to, in catalogue order, each with the base path its
    /// clients are given, ending in `/`.
    private static func servedAPIs(
        _ contracts: [ServedContract], catalogue: Catalogue
    ) -> [(name: String, basePath: String)] {
        var apis: [(String, String)] = []
        for name in catalogue.apis where contracts.contains(where: { $0.endpoint.api == name }) {
            guard let base = catalogue.baseURL(ofAPI: name) else { continue }
            let path = URLComponents(url: base, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
            apis.append((name, path.hasSuffix("/") ? path : path + "/"))
        }
        return apis
    }

    /// The order each case's response lists its headers in, by case name: the loaded contract keeps
    /// them by name, and `serve` sends them exactly as the file lists them.
    private static func headerOrders(_ contract: Contract) -> [String: [String]] {
        guard let url = contract.url, let data = try? Data(contentsOf: url),
            let root = try? JSONParser.parse(data), case .array(let cases)? = root.member("cases")?.value.value
        else { return [:] }
        var orders: [String: [String]] = [:]
        for node in cases {
            guard case .string(let name)? = node.member("name")?.value.value,
                let response = node.member("response")?.value,
                case .object(let headers)? = response.member("headers")?.value.value
            else { continue }
            orders[name] = headers.map(\.key)
        }
        return orders
    }

    /// The names of the query items an endpoint's clients send, as its contracts show them: what
    /// is matched, and what a log line may show.
    func definedQuery(of endpoint: Endpoint) -> Set<String> {
        definedQueries[endpoint.name] ?? []
    }
}
