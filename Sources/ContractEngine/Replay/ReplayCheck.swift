import ContractCatalogue
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns what a replay observed into diagnostics: the request, the completion and the result.
struct ReplayCheck {
    let contract: Contract
    let contractCase: CaseSpec
    let timeout: TimeInterval
    let outcomeCheck: OutcomeCheck
    let prediction: Outcome?
    /// The body the client was served, where its failure's path is named in the body's keys.
    let body: Data
    /// The body the contract's request states, read: what the client's body must be as JSON.
    var requestBody: StatedRequestBody?
    /// For a flow, each exchange's served body and the request body it states, read, in order.
    var exchangeBodies: [(served: Data, stated: StatedRequestBody?)] = []

    /// Checks what replay saw against the contract: the one request and its method, path,
    /// query, headers and body; a completion that ran exactly once, on the contract's queue, in time; and a result
    /// that meets `expect`. Where the client agrees with the prediction, the prediction's own
    /// check has said everything, so nothing is said twice.
    /// - Parameter observation: The requests and completions replay recorded.
    /// - Returns: One diagnostic per problem.
    func check(_ observation: Replayer.Observation) -> [Diagnostic] {
        var diagnostics =
            contractCase.isFlow ? checkExchanges(observation) : checkRequests(observation.requests)
        // A client the tool stopped answering has been named as such; it did not time out.
        let problems = observation.capped == nil ? CompletionCheck.problems(of: observation) : [.timedOut]
        if observation.capped == nil {
            diagnostics += problems.map {
                error(CompletionCheck.describe($0, in: observation, timeout: timeout), at: contractCase.position)
            }
        }
        if problems == [.timedOut] { return diagnostics + [delayBeyondTimeout()].compactMap { $0 } }
        if contractCase.expect.needsReplay, let sent = observation.requests.first {
            diagnostics.append(argumentErrorAfterRequest(sent))
        }
        if let outcome = observation.firstOutcome {
            let returned = outcome.namingBodyKeys(of: body, model: contract.model)
            // Where the client agrees with the prediction, the prediction's check already said it all.
            if let prediction, returned.isSame(as: prediction) { return diagnostics }
            // A client that sent nothing answered before sending: no response is its reason.
            let response = observation.requests.isEmpty ? nil : contractCase.response
            let wrong = outcomeCheck.check(returned, from: .client(response: response, prediction: prediction))
            // A client that gave up on a response the delay holds past the timeout (its own
            // timeout, or the tool's cancel, whichever came first) timed out: that is the failure.
            if !wrong.isEmpty, let note = delayBeyondTimeout() {
                let timedOut = CompletionCheck.describe(.timedOut, in: observation, timeout: timeout)
                return diagnostics + [error(timedOut, at: contractCase.position), note]
            }
            diagnostics += wrong
            if wrong.isEmpty, let other = otherValue(returned, prediction: prediction) { diagnostics.append(other) }
        }
        return diagnostics
    }

    /// A note for a case whose response waits longer than the timeout: a client that gave up
    /// (its own timeout, or the tool's cancel) answers a transport error, which is the timeout's
    /// doing, not the response's.
    private func delayBeyondTimeout() -> Diagnostic? {
        let delay = contractCase.response.delayMs
        guard delay > 0, TimeInterval(delay) / 1000 >= timeout else { return nil }
        return Diagnostic(
            .note,
            "the response waits \(delay) ms (\"delayMs\"), longer than the \(Self.seconds(timeout)) timeout: the client was cancelled or timed out before it came; raise the timeout or shorten the delay",
            file: contract.file, position: contractCase.response.position)
    }

    /// An error no outcome rule gives (`invalidRequest`) means the arguments could not form a
    /// request; a client that sent one and was answered owes the outcome the rules give for the
    /// answer, so an expectation of it holds the client, or the rules, wrong.
    /// An error expected before sending (`"sent": false`) holds the client to sending nothing,
    /// whatever error a response would also give.
    private func argumentErrorAfterRequest(_ sent: URLRequest) -> Diagnostic {
        let request = "\(sent.httpMethod ?? "GET") \(Self.pathAndQuery(of: sent))"
        if contractCase.expect.beforeSending {
            return error(
                "expected \(contractCase.expect.summary(model: contract.model)), so the client must send no request; it sent \(request)",
                at: contractCase.expect.position)
        }
        let predicted = Predictor.predict(
            contractCase.response, body: body, model: contract.model, rules: contract.rules, errors: contract.errors)
        let expected = contractCase.expect.summary(model: contract.model)
        return error(
            "expected \(expected), which no outcome rule gives, so the client must send no request; it sent \(request), and by the endpoint's rules a correct client gets \(predicted.summary(model: contract.model)) from this response",
            at: contractCase.expect.position)
    }

    private func checkRequests(_ requests: [URLRequest]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = requests.dropFirst().map { extra in
            error(
                "\(StubURLProtocol.noRoutePrefix) \(extra.httpMethod ?? "GET") \(extra.url.map(Redaction.sent) ?? "(no URL)"): the client sent more than one request",
                at: contractCase.position)
        }
        guard let expected = contract.request else { return diagnostics }
        guard let sent = requests.first else {
            if !contractCase.expect.needsReplay {
                diagnostics.append(error("client sent no request", at: contractCase.position))
            }
            return diagnostics
        }
        return diagnostics + differences(sent, from: expected, body: requestBody)
    }

    /// How a request the client sent differs from the one stated: its method, path, query,
    /// headers and body, each where the contract states it.
    func differences(_ sent: URLRequest, from expected: RequestExpectation, body requestBody: StatedRequestBody?)
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        let url = sent.url
        let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }
        if let method = expected.method, (sent.httpMethod ?? "GET") != method.value {
            diagnostics.append(
                error(
                    "request method: expected \(method.value), client sent \(sent.httpMethod ?? "GET")",
                    at: method.position))
        }
        if let path = expected.path, let template = expected.pathTemplate {
            let actual = components?.percentEncodedPath ?? ""
            if !template.matches(actual) {
                diagnostics.append(
                    error(
                        "request path: expected \"\(path.value)\" (holes free), client sent \"\(components?.path ?? "")\"",
                        at: path.position))
            }
        } else if let path = expected.path {
            // A contract that writes a `%` states the path as sent, so it can tell `AC%2FDC` from
            // `AC/DC`; otherwise it states the path decoded.
            let encoded = path.value.contains("%")
            let actual = (encoded ? components?.percentEncodedPath : components?.path) ?? ""
            if encoded ? Self.normalizingEscapes(actual) != Self.normalizingEscapes(path.value) : actual != path.value {
                diagnostics.append(
                    error("request path: expected \"\(path.value)\", client sent \"\(actual)\"", at: path.position))
            }
        }
        if let query = expected.query {
            let items = components?.queryItems ?? []
            var actual: [String: String] = [:]
            for item in items { actual[item.name] = item.value ?? "" }
            // An item written `true` is a hole: sent, with any value.
            let free = expected.freeQuery
            let exact = actual.filter { !free.contains($0.key) }
            if exact != query.value || !free.isSubset(of: Set(actual.keys)) || items.count != actual.count {
                var shown: [String: String?] = query.value
                for name in free { shown[name] = .some(nil) }
                diagnostics.append(
                    error(
                        "request query: expected \(Self.render(shown)), client sent \(Self.render(items))",
                        at: query.position
                    ))
            }
        }
        diagnostics += checkHeaders(expected.headers, sent: sent)
        if let requestBody { diagnostics += Self.checkBody(requestBody, sent: sent.httpBody) }
        return diagnostics
    }

    /// A request's path as sent, and its query when it has one: `/search?query=`.
    static func pathAndQuery(of request: URLRequest) -> String {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return "/"
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    func error(_ message: String, at position: SourcePosition) -> Diagnostic {
        Diagnostic(.error, message, file: contract.file, position: position)
    }

    /// A stated query as a message shows it: an item stated by presence (a hole) as `name=(any value)`, one
    /// whose name looks secret as `name=(the contract's value)`, its value never shown.
    static func render(_ query: [String: String?]) -> String {
        query.isEmpty
            ? "no query"
            : "?"
                + query.sorted { $0.key < $1.key }.map { name, value in
                    guard let value else { return "\(name)=(any value)" }
                    return "\(name)=\(Redaction.looksSecret(name) ? "(the contract's value)" : value)"
                }.joined(separator: "&")
    }

    /// A sent query as a message shows it: an item whose name looks secret as `name=(a secret)`.
    static func render(_ items: [URLQueryItem]) -> String {
        items.isEmpty
            ? "no query"
            : "?"
                + items.map { "\($0.name)=\(Redaction.looksSecret($0.name) ? "(a secret)" : $0.value ?? "")" }
                .joined(separator: "&")
    }

    /// A percent-encoded path with the hex digits of every escape in upper case.
    static func normalizingEscapes(_ path: String) -> String {
        var result = ""
        var hexLeft = 0
        for character in path {
            if hexLeft > 0 {
                result += character.uppercased()
                hexLeft -= 1
            } else {
                result.append(character)
                if character == "%" { hexLeft = 2 }
            }
        }
        return result
    }

    static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}
