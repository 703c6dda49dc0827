import ContractCatalogue
import Foundation

extension PactExport {
    /// A flow's interactions added to its provider's, or why it is left out.
    static func addFlow(
        _ spec: CaseSpec, in contract: Contract, endpoint: Endpoint, fixtures: FixtureLocator,
        to byProvider: inout [String: [Interaction]], _ leftOut: inout [LeftOut]
    ) {
        let flow = flowInteractions(spec, in: contract, endpoint: endpoint, fixtures: fixtures)
        if let reason = flow.leftOut {
            leftOut.append(LeftOut(contract: contract.file, caseName: spec.name, reason: reason))
        }
        byProvider[endpoint.api, default: []] += flow.interactions
    }

    /// A flow's interactions, one per exchange that is an HTTP answer, in order: the request the
    /// exchange states (a header taken from an earlier answer, or stated by presence alone, as any
    /// value with a matcher) and its answer (status, every header it states, the body as stored when it is
    /// JSON), each in the provider state naming the flow and the step.
    /// - Parameters:
    ///   - spec: The flow case.
    ///   - contract: Its contract.
    ///   - endpoint: Its endpoint, whose API is the provider.
    ///   - fixtures: Where its fixtures are.
    /// - Returns: The interactions, or why the flow is left out (an exchange without a path).
    static func flowInteractions(_ spec: CaseSpec, in contract: Contract, endpoint: Endpoint, fixtures: FixtureLocator)
        -> (interactions: [Interaction], leftOut: LeftOut.Reason?)
    {
        let flow = spec.given ?? spec.name
        var interactions: [Interaction] = []
        for (index, exchange) in spec.exchanges.enumerated() {
            guard case .http(let status, let headers, _) = exchange.response.kind else { continue }
            guard let path = exchange.request.path?.value else {
                return ([], .unreadableBody("exchange \(index + 1) states no path, which its interaction needs"))
            }
            var request: [(String, JSONValue)] = [
                ("method", .string(exchange.request.method?.value ?? "GET")), ("path", .string(path)),
            ]
            if let query = exchange.request.query?.value, !query.isEmpty {
                request.append(
                    ("query", object(query.keys.sorted().map { ($0, .array([node(.string(query[$0] ?? ""))])) })))
            }
            var stated: [(String, JSONValue)] = []
            var anyValue: [(String, JSONValue)] = []
            for header in exchange.request.headers {
                stated.append((header.name, .string(header.value ?? StatedRequest.placeholder)))
                if header.value == nil { anyValue.append((header.name, matchers([regex("^[\\s\\S]*$")]))) }
            }
            if !stated.isEmpty { request.append(("headers", object(stated))) }
            if let body = exchange.request.body {
                switch StatedRequestBody.load(body, fixtures: fixtures, contractFile: contract.file) {
                case .success(let read): request.append(("body", read.root.value))
                case .failure(let diagnostic): return ([], .unreadableBody(diagnostic.message))
                }
            }
            if !anyValue.isEmpty { request.append(("matchingRules", object([("header", object(anyValue))]))) }
            var response: [(String, JSONValue)] = [("status", .number("\(status)"))]
            // Every header the exchange states: the client may go on by one (a `Link` to the next
            // page, a `Retry-After`), so the provider is held to sending it.
            let answered = headers.filter { Redaction.mayKeep(header: $0.key) }.sorted { $0.key < $1.key }
            if !answered.isEmpty {
                response.append(("headers", object(answered.map { ($0.key, JSONValue.string($0.value)) })))
            }
            switch LoadedBody.load(exchange.response, fixtures: fixtures, contractFile: contract.file) {
            case .success(let loaded):
                if !loaded.data.isEmpty, let root = try? JSONParser.parse(BodyEncoding.utf8(loaded.data)) {
                    response.append(("body", root.value))
                }
            case .failure(let diagnostic): return ([], .unreadableBody(diagnostic.message))
            }
            interactions.append(
                Interaction(
                    endpoint: endpoint.name, contract: contract.file,
                    caseName: "\(spec.name), exchange \(index + 1) of \(spec.exchanges.count)",
                    given: Exchange.providerState(flow, step: index + 1, of: spec.exchanges.count),
                    members: [("request", object(request)), ("response", object(response))]))
        }
        return (interactions, nil)
    }
}
