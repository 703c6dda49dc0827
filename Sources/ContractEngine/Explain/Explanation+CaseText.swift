import ContractCatalogue
import Foundation

extension Explanation.Walkthrough {
    /// One exchange as the walkthrough shows it: the request stated (`nil`: the contract states
    /// none) and the response.
    private struct Step {
        let request: RequestExpectation?
        let response: ResponseSpec

        /// The request in a line: `POST /api/token`, or `any request` when none is stated.
        var line: String {
            guard let request else { return "any request" }
            return Exchange(request: request, response: response, position: response.position).requestLine
        }
    }

    /// The case's exchanges: a flow's, or the one of a case with a single response.
    private var steps: [Step] {
        guard contractCase.isFlow else { return [Step(request: contract.request, response: contractCase.response)] }
        return contractCase.exchanges.map { Step(request: $0.request, response: $0.response) }
    }

    /// The walkthrough for people: the case's exchanges in order (or the one asked for), what
    /// `expect` wants, and what replay judges.
    var text: String {
        let steps = steps
        let name = JSONValue.quote(contractCase.name)
        var out: String
        if let step {
            out = "\(contract.file): \(name), exchange \(step) of \(steps.count) (\(steps[step - 1].line))\n"
            out += lines(of: steps[step - 1], at: step, of: steps.count).map { "  " + $0 + "\n" }.joined()
            out += "replay judges at this step:\n"
            out += judgedAtStep(step, of: steps).map { "  - " + $0 + "\n" }.joined()
            return out
        }
        let what = contractCase.isFlow ? "a flow of \(steps.count) exchanges" : "one exchange"
        out = "\(contract.file): \(name), \(what)"
        out += contract.endpoint.map { "; \($0.name) is called once\n" } ?? "; a fixture contract, no client\n"
        for (index, step) in steps.enumerated() {
            out += "exchange \(index + 1): \(step.line)\n"
            out += lines(of: step, at: index + 1, of: steps.count).map { "  " + $0 + "\n" }.joined()
        }
        out += "expect: \(contractCase.expect.summary(model: contract.model))\n"
        out += judged(steps).joined(separator: "\n") + "\n"
        return out
    }

    /// An exchange's request, response and provider state.
    private func lines(of step: Step, at index: Int, of count: Int) -> [String] {
        let state = contractCase.given ?? contractCase.name
        let provider = contractCase.isFlow ? Exchange.providerState(state, step: index, of: count) : state
        return requestLines(step.request) + ["response: " + responseLine(step.response)]
            + ["provider state: " + JSONValue.quote(provider)]
    }

    /// What the contract states of a request beyond its line: each header, the query items that
    /// take any value, the body. A secret's value is never shown.
    private func requestLines(_ request: RequestExpectation?) -> [String] {
        guard let request else { return ["request: none stated; any request is answered"] }
        var out: [String] = []
        for header in request.headers {
            let name = "request header " + JSONValue.quote(header.name) + ": "
            let secret = !Redaction.mayKeep(header: header.name) || Redaction.looksSecret(header.name)
            if let echo = header.echo {
                out.append(name + "holds exchange \(echo.exchange)'s response's \(JSONValue.quote(echo.written))")
            } else if let value = header.value {
                out.append(name + (secret ? "the contract's value (a secret)" : JSONValue.quote(value)))
            } else {
                out.append(name + "any value" + (secret ? " (a secret, stated by presence)" : ""))
            }
        }
        for item in request.freeQuery.sorted() {
            out.append("request query " + JSONValue.quote(item) + ": any value")
        }
        switch request.body {
        case .inline(let node): out.append("request body: " + Redaction.redacted(node.value).contractText)
        case .fixture(let path, _, _): out.append("request body: the JSON of " + fixtures.displayName(path))
        case nil: break
        }
        return out
    }

    /// A response in a line: `HTTP 200, Fixtures/token.json`, `HTTP 401, no body`, its headers
    /// and delay.
    private func responseLine(_ response: ResponseSpec) -> String {
        var out = response.summary
        if case .http(_, let headers, let body) = response.kind {
            switch body {
            case .none: out += ", no body"
            case .inline(let text): out += ", a body of \(text.utf8.count) bytes written in the contract"
            case .fixture(let path, _, _): out += ", " + fixtures.displayName(path)
            case .received(_, let source): out += ", the body from " + source
            }
            for key in headers.keys.sorted() where key.caseInsensitiveCompare("Content-Type") != .orderedSame {
                out += ", header \(JSONValue.quote(key)): \(JSONValue.quote(headers[key] ?? ""))"
            }
        }
        if response.delayMs > 0 { out += ", after \(response.delayMs) ms" }
        return out
    }

    /// What replay judges of the whole case, in the order it judges it.
    private func judged(_ steps: [Step]) -> [String] {
        let outcome = contractCase.expect.summary(model: contract.model)
        if let skip = contractCase.skip { return ["verify skips the case: \(skip)"] }
        guard let endpoint = contract.endpoint else {
            return [
                "verify decodes the response with the \(contract.model.name) model's decoder and judges: \(outcome)"
            ]
        }
        guard contractCase.replay else {
            return ["\"replay\": false: verify judges the prediction from the response alone: \(outcome)"]
        }
        let completion =
            "the completion: once, on the \(contract.responseQueue.rawValue) queue, within \(ReplayCheck.seconds(timeout))"
        guard contractCase.isFlow else {
            let request =
                steps[0].request == nil
                ? "the request: any is answered, as the contract states none"
                : "the request: against the one stated (method, path, query, the headers and body stated)"
            return [
                "verify predicts the outcome from the response alone, then replay calls \(endpoint.name) once and answers its request with it; it judges:",
                "  1. " + request, "  2. " + completion, "  3. the outcome, predicted and replayed: \(outcome)",
            ]
        }
        return [
            "replay calls \(endpoint.name) once and answers its requests in turn with the responses above; it judges:",
            "  1. each request against its exchange, in order (method, path, query, the headers and body stated); the first that differs fails the case, named by its exchange: a different request, another exchange's request out of order, a request after exchange \(steps.count), or one never sent",
            "  2. " + completion,
            "  3. the outcome after the last exchange: \(outcome)",
        ]
    }

    /// What replay judges at one exchange of the case.
    private func judgedAtStep(_ index: Int, of steps: [Step]) -> [String] {
        let step = steps[index - 1]
        var out: [String] = []
        if contractCase.isFlow {
            out.append(
                "the client's request \(index) is held to this exchange's: \(step.line), with the headers and body stated; another exchange's request here fails as out of order, any other as a different request at exchange \(index)"
            )
        } else {
            out.append(
                step.request == nil
                    ? "the request: any is answered, as the contract states none"
                    : "the request is held to the one stated: \(step.line), with the headers and body stated")
        }
        if index < steps.count {
            out.append(
                "this answer goes to the client, which must go on to exchange \(index + 1) (\(steps[index].line))")
        } else {
            let outcome = contractCase.expect.summary(model: contract.model)
            out.append(
                "after this answer the client completes, once, on the \(contract.responseQueue.rawValue) queue, within \(ReplayCheck.seconds(timeout)), with: \(outcome)"
            )
        }
        return out
    }
}
