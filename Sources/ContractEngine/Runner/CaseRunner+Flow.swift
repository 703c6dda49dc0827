import ContractCatalogue
import Foundation

extension CaseRunner {
    /// Verifies a flow: reads each exchange's stated request body and response body, calls the
    /// client once on a stub that answers its requests in turn, and checks each request against
    /// its exchange, then the completion and the outcome against `expect`. A flow is judged by
    /// replay alone: its final answer may be assembled from several responses (pages), so no
    /// single response predicts it.
    /// - Returns: The case's result; a flow predicts nothing.
    func evaluateFlow() async -> (result: CaseResult, prediction: Outcome?) {
        guard replay, contractCase.replay, let endpoint = contract.endpoint else {
            return (result(.skipped, skipReason: "a flow is checked by replay alone"), nil)
        }
        var replies: [(response: ResponseSpec, body: Data)] = []
        var bodies: [(served: Data, stated: StatedRequestBody?)] = []
        var lastFile: String?
        for exchange in contractCase.exchanges {
            var stated: StatedRequestBody?
            if let body = exchange.request.body {
                switch StatedRequestBody.load(body, fixtures: fixtures, contractFile: contract.file) {
                case .success(let read): stated = read
                case .failure(let diagnostic): return (result(.error, [diagnostic]), nil)
                }
            }
            switch LoadedBody.load(exchange.response, fixtures: fixtures, contractFile: contract.file) {
            case .success(let loaded):
                replies.append((exchange.response, loaded.data))
                bodies.append((loaded.data, stated))
                lastFile = loaded.file
            case .failure(let diagnostic): return (result(.error, [diagnostic]), nil)
            }
        }
        let observation = await Replayer(timeout: timeout).replayFlow(endpoint, contract: contract, replies: replies)
        var check = ReplayCheck(
            contract: contract, contractCase: contractCase, timeout: timeout,
            outcomeCheck: OutcomeCheck(contract: contract, contractCase: contractCase, fixtureFile: lastFile),
            prediction: nil, body: replies.last?.body ?? Data())
        check.exchangeBodies = bodies
        let diagnostics = check.check(observation)
        let failed = diagnostics.contains { $0.severity == .error }
        var finished = result(failed ? .failed : .passed, diagnostics)
        finished.replayed = ReplayedOutcome(
            outcome: observation.firstOutcome.flatMap {
                CoverageOutcome($0, response: contractCase.response, rules: contract.rules)
            },
            queue: contract.responseQueue,
            steps: contractCase.exchanges.dropLast().compactMap { CoverageOutcome(step: $0.response) })
        return (finished, nil)
    }
}
