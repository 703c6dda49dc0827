import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ReplayCheck {
    /// A flow's requests held to its exchanges in order, and the first exchange that differs
    /// named: a different request at a step (with what differed), another exchange's request out
    /// of its order, an extra request past the last exchange (and a client the tool stopped
    /// answering), or exchanges the client never reached. Once one differs, what follows is
    /// another flow than the contract's, so nothing after it is judged.
    /// - Parameter observation: What replay saw.
    /// - Returns: The diagnostics of the first exchange that differs; none when every one holds.
    func checkExchanges(_ observation: Replayer.Observation) -> [Diagnostic] {
        let exchanges = contractCase.exchanges
        let sent = observation.requests
        for (index, request) in sent.prefix(exchanges.count).enumerated() {
            let found = differences(request, at: index)
            guard !found.isEmpty else { continue }
            // A request for this step's method and path that differs is a different request;
            // one that is another step's request exactly came out of its order.
            let other = exchanges.indices.first { $0 != index && differences(request, at: $0).isEmpty }
            if let other, !Self.sameRoute(request, exchanges[index].request) {
                return [
                    error(
                        "exchange \(index + 1): expected \(exchanges[index].requestLine), client sent exchange \(other + 1)'s request (\(Self.describe(request))) instead: the flow's requests came in another order",
                        at: exchanges[index].position)
                ]
            }
            let step = "exchange \(index + 1) (\(exchanges[index].requestLine)): "
            return found.map { diagnostic in
                var named = diagnostic
                named.message = step + diagnostic.message
                return named
            }
        }
        if sent.count > exchanges.count {
            var message =
                "exchange \(exchanges.count + 1): client sent an extra request, \(Self.describe(sent[exchanges.count])), after the flow's \(exchanges.count) \(exchanges.count == 1 ? "exchange" : "exchanges")"
            if let cap = observation.capped {
                message +=
                    "; it went on to \(cap) requests without completing, so the tool stopped answering it (an endless retry loop)"
            }
            return [error(message, at: contractCase.position)]
        }
        if sent.count < exchanges.count, !(sent.isEmpty && contractCase.expect.needsReplay) {
            let missing = exchanges[sent.count]
            let why =
                observation.completion.timedOut
                ? "it had not sent it when \(Self.seconds(timeout)) had passed (a client that waits, such as for a Retry-After, must take its clock from its caller: see the docs)"
                : "the client completed after \(sent.count) of \(exchanges.count) exchanges"
            return [
                error(
                    "exchange \(sent.count + 1) (\(missing.requestLine)): client never sent it; \(why)",
                    at: missing.position)
            ]
        }
        return []
    }

    /// How the request sent at one step differs from the one an exchange states, its headers
    /// taken from earlier responses included.
    private func differences(_ sent: URLRequest, at index: Int) -> [Diagnostic] {
        let exchange = contractCase.exchanges[index]
        let stated = exchangeBodies.indices.contains(index) ? exchangeBodies[index].stated : nil
        return differences(sent, from: exchange.request, body: stated) + echoes(exchange.request.headers, sent: sent)
    }

    /// Each header whose value the client must take from an earlier response, looked for in what
    /// it sent; the value is never shown, as it is a token's.
    private func echoes(_ headers: [RequestExpectation.Header], sent: URLRequest) -> [Diagnostic] {
        let fields = sent.allHTTPHeaderFields ?? [:]
        return headers.compactMap { header in
            guard let echo = header.echo else { return nil }
            let name = JSONValue.quote(header.name)
            let source = "exchange \(echo.exchange)'s response's \(JSONValue.quote(echo.written))"
            guard let wanted = echoedValue(echo) else {
                return error(
                    "request header \(name) takes \(source), which that response's body does not hold as a string or number",
                    at: header.position)
            }
            // Missing altogether is said by the presence check already.
            guard let value = fields.first(where: { $0.key.caseInsensitiveCompare(header.name) == .orderedSame })?.value
            else { return nil }
            guard !value.contains(wanted) else { return nil }
            return error(
                "request header \(name): expected the value from \(source), client sent another value",
                at: header.position)
        }
    }

    /// The value an echo names in its exchange's served body, as text.
    private func echoedValue(_ echo: RequestExpectation.Echo) -> String? {
        guard exchangeBodies.indices.contains(echo.exchange - 1),
            let root = try? JSONParser.parse(BodyEncoding.utf8(exchangeBodies[echo.exchange - 1].served)),
            let node = echo.path.lookUp(in: root)
        else { return nil }
        switch node.value {
        case .string(let text) where !text.isEmpty: return text
        case .number(let literal): return literal
        default: return nil
        }
    }

    /// Whether a request has the method and path an exchange states (the path as decoded).
    private static func sameRoute(_ sent: URLRequest, _ stated: RequestExpectation) -> Bool {
        let path = sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }?.path
        return (stated.method?.value ?? "GET") == (sent.httpMethod ?? "GET")
            && (stated.path.map { $0.value == path || $0.value.contains("%") } ?? true)
    }

    /// A request the client sent in a message: its method, path and query, secrets' values left out.
    static func describe(_ request: URLRequest) -> String {
        let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }
        let items = (components?.queryItems ?? []).map { item in
            Redaction.looksSecret(item.name) ? URLQueryItem(name: item.name, value: "(secret)") : item
        }
        let query = items.isEmpty ? "" : render(items)
        return "\(request.httpMethod ?? "GET") \(components?.path ?? "/")\(query)"
    }
}
