import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The suite as `serve` answers from it: each endpoint contract with the request its client
/// sends, and each case's answer made ready once.
struct ServedSuite: Sendable {
    /// The contracts in suite order.
    let contracts: [ServedContract]
    /// The APIs served, with the base path their clients are given, in catalogue order.
    let apis: [(name: String, basePath: String)]

    /// Loads the suite's selected contracts and readies their answers.
    /// - Parameters:
    ///   - verifier: The run's loading and selection.
    ///   - catalogue: The endpoints.
    /// - Returns: The suite, or the problems that keep it from being served (as `verify` words them).
    static func load(_ verifier: Verifier, catalogue: Catalogue) async -> Result<ServedSuite, ServeProblem> {
        let items: [SuiteItem]
        do throws(Verifier.UsageError) {
            items = try verifier.items()
        } catch {
            return .failure(.selection(error))
        }
        let (chosen, problems) = endpointContracts(in: items)
        guard problems.isEmpty else { return .failure(.invalid(problems)) }
        if items.isEmpty { return .failure(.usage("no case is selected")) }
        if chosen.isEmpty {
            return .failure(
                .usage("no selected contract names an endpoint (fixture contracts have no request)"))
        }
        let requests = await clientRequests(of: chosen)
        switch servedContracts(chosen, requests: requests, fixtures: verifier.fixtureLocator) {
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
            switch item {
            case .contractError(_, _, let diagnostics): problems += diagnostics
            case .contractCase(_, .invalid(_, let diagnostics)): problems += diagnostics
            case .contractCase(let contract, .ready(let spec)):
                guard contract.endpoint != nil else { continue }
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
    ) -> Result<[ServedContract], ServeProblem> {
        var problems: [Diagnostic] = []
        var contracts: [ServedContract] = []
        for (index, (contract, specs)) in chosen.enumerated() {
            guard let endpoint = contract.endpoint else { continue }
            var cases: [ServedCase] = []
            let orders = headerOrders(contract)
            for spec in specs {
                switch LoadedBody.load(spec.response, fixtures: fixtures, contractFile: contract.file) {
                case .success(let body):
                    cases.append(ServedCase(spec: spec, body: body.data, headerOrder: orders[spec.name] ?? []))
                case .failure(let diagnostic): problems.append(diagnostic)
                }
            }
            contracts.append(
                ServedContract(
                    identity: contract.file, endpoint: endpoint, request: requests[index].flatMap(SentRequest.init),
                    cases: cases))
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

    /// The names of the query items each API's endpoints define: what a log line may show.
    func definedQuery(of endpoint: Endpoint) -> Set<String> {
        var names = Set(endpoint.parameters.map(\.name))
        for contract in contracts where contract.endpoint.name == endpoint.name {
            for item in contract.request?.query ?? [] { names.insert(item.name) }
        }
        return names
    }
}

/// What `serve` cannot go on without.
package enum ServeProblem: Error, Sendable {
    /// The run itself is wrong: a missing path or folder.
    case selection(Verifier.UsageError)
    /// Nothing servable is selected: why.
    case usage(String)
    /// A case choice (as given) names no served case: why.
    case unknownChoice(String, reason: String)
    /// The suite is invalid: its diagnostics.
    case invalid([Diagnostic])
    /// The address cannot be listened on.
    case cannotListen(String)
}

/// The request a contract's client sends, as the server compares it.
struct SentRequest: Sendable {
    let method: String
    /// The path as sent, percent-encoded.
    let path: String
    /// The path percent-decoded, as compared.
    let decodedPath: String
    /// The query items in the order sent, decoded.
    let query: [(name: String, value: String)]

    init?(_ request: URLRequest) {
        guard let url = request.url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        method = request.httpMethod ?? "GET"
        path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        decodedPath = path.removingPercentEncoding ?? path
        query = (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    }

    /// The target as sent: path and query.
    var target: String {
        guard !query.isEmpty else { return path }
        var parts = URLComponents()
        parts.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        return path + "?" + (parts.percentEncodedQuery ?? "")
    }
}

/// One contract as served.
struct ServedContract: Sendable {
    /// Its identity in the suite, such as `contracts/dogpatch/get-dogs.json`.
    let identity: String
    let endpoint: Endpoint
    /// The request its client sends; `nil` when the client sends none for its arguments.
    let request: SentRequest?
    /// Its servable cases in file order.
    let cases: [ServedCase]

    /// The case that answers when nothing chooses one: the first that decodes, else the first.
    var defaultCase: ServedCase? {
        cases.first { $0.decodes } ?? cases.first
    }

    /// The case with a name.
    func servedCase(named name: String) -> ServedCase? {
        cases.first { $0.name == name }
    }
}

/// One case as served: its answer, made once.
struct ServedCase: Sendable {
    let name: String
    /// Whether the case expects the body to decode.
    let decodes: Bool
    let status: Int?
    /// The network error the case stands for, and the fault served for it.
    let networkError: (name: String, fault: WireFault, exact: Bool)?
    let delayMs: Int
    /// The answer on a connection that stays open.
    let answer: HTTPAnswer.Kind
    /// The header fields as the contract lists them.
    let headers: [(String, String)]
    let body: Data

    init(spec: CaseSpec, body: Data, headerOrder: [String]) {
        name = spec.name
        if case .decodes = spec.expect.kind { decodes = true } else { decodes = false }
        delayMs = spec.response.delayMs
        switch spec.response.kind {
        case .http(let status, let headers, _):
            self.status = status
            networkError = nil
            let listed = headerOrder.compactMap { name in headers[name].map { (name, $0) } }
            let others = headers.filter { !headerOrder.contains($0.key) }.sorted { $0.key < $1.key }
            self.headers = listed + others.map { ($0.key, $0.value) }
            self.body = body
            answer = .response(
                status: status, bytes: HTTPAnswer.bytes(status: status, headers: self.headers, body: body),
                bodyCount: HTTPAnswer.sentBodyCount(status: status, body: body))
        case .networkError(let code, let name):
            status = nil
            let (fault, exact) = WireFaults.fault(for: code)
            networkError = (name, fault, exact)
            headers = []
            self.body = Data()
            answer = .fault(fault)
        }
    }

    /// The answer for a request, closing the connection when the request asks so.
    func answer(note: String, closing: Bool) -> HTTPAnswer {
        guard closing, let status else { return HTTPAnswer(kind: answer, delayMs: delayMs, note: note) }
        var answer = HTTPAnswer.response(
            status: status, headers: headers + [("Connection", "close")], body: body, delayMs: delayMs, note: note)
        answer.note = note
        return answer
    }

    /// The case as the control path lists it.
    var listing: String {
        var members = ["\"name\":\(JSONValue.quote(name))"]
        if let status { members.append("\"status\":\(status)") }
        if let networkError {
            members.append("\"networkError\":\(JSONValue.quote(networkError.name))")
            members.append("\"fault\":\(JSONValue.quote(networkError.fault.rawValue))")
        }
        if delayMs > 0 { members.append("\"delayMs\":\(delayMs)") }
        return "{" + members.joined(separator: ",") + "}"
    }
}
