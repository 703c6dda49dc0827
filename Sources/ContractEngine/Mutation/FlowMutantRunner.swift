import ContractCatalogue
import Foundation

/// A flow's mutants: each exchange's answer swapped in turn for an error status or a network
/// error, the rest of the flow as the contract states it. A correct client completes once, on its
/// queue, in time, with the error the outcome rules give for that answer, or, having recovered
/// from it (a retry), with the flow's own expected outcome.
struct FlowMutantRunner: Sendable {
    let contract: Contract
    let spec: CaseSpec
    let endpoint: Endpoint
    /// Each exchange's response and body, as the contract states them.
    let replies: [(response: ResponseSpec, body: Data)]
    let timeout: TimeInterval

    /// The answers each exchange is swapped for: those `mutate` serves any case.
    static let transports: [Mutation] =
        [401, 404, 429, 500, 503].map { .transport(.status($0)) } + [
            .transport(.networkError(.timedOut, name: "timedOut")),
            .transport(.networkError(.notConnectedToInternet, name: "notConnectedToInternet")),
        ]

    /// Every mutant in order: each exchange in turn, each answer it does not give already.
    var mutants: [(exchange: Int, mutation: Mutation)] {
        replies.indices.flatMap { index in
            Self.transports.compactMap { mutation -> (Int, Mutation)? in
                if case .transport(.status(let status)) = mutation,
                    case .http(status, _, _) = replies[index].response.kind
                {
                    return nil
                }
                return (index, mutation)
            }
        }
    }

    /// Runs one mutant: the flow replayed with one exchange's answer swapped.
    func run(exchange index: Int, mutation: Mutation) async -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        let original = replies[index]
        let headers: [String: String] =
            if case .http(_, let headers, _) = original.response.kind { headers } else { [:] }
        let response: ResponseSpec
        switch mutation {
        case .transport(.networkError(let code, let name)):
            response = ResponseSpec(
                kind: .networkError(code: code, name: name), delayMs: 0, position: original.response.position)
        case .transport(.status(let status)):
            response = ResponseSpec(
                kind: .http(status: status, headers: headers, body: .none), delayMs: 0,
                position: original.response.position)
        default:
            response = original.response
        }
        var served = replies
        served[index] = (response, original.body)
        let observation = await Replayer(timeout: timeout).replayFlow(endpoint, contract: contract, replies: served)
        let predicted = Predictor.predict(
            response, body: original.body, model: contract.model, rules: contract.rules, errors: contract.errors)
        let name = "\(spec.name) › exchange \(index + 1) \(mutation.name)"
        var result = CaseResult(
            contract: contract.file, endpoint: endpoint.name, caseName: name, status: .passed, diagnostics: [])
        if let problem = problem(with: observation, predicted: predicted) {
            result.status = .failed
            result.diagnostics = [
                Diagnostic(
                    .error, "exchange \(index + 1) \(mutation.name): \(problem)", file: contract.file,
                    position: spec.exchanges[index].position)
            ]
        }
        result.duration = start.duration(to: clock.now)
        return result
    }

    /// What the client did wrong with a mutant, or `nil`.
    private func problem(with observation: Replayer.Observation, predicted: Outcome) -> String? {
        let expected = predicted.brief(model: contract.model)
        if let cap = observation.capped {
            return
                "the client sent \(cap) requests without completing, so the tool stopped answering it; a correct client gets \(expected)"
        }
        if let problem = CompletionCheck.problems(of: observation).first {
            return
                "\(CompletionCheck.describe(problem, in: observation, timeout: timeout)); a correct client gets \(expected)"
        }
        guard let outcome = observation.firstOutcome, !outcome.isSame(as: predicted) else { return nil }
        // A client that recovered from the answer (a retry) ends as the flow says it ends.
        let check = OutcomeCheck(contract: contract, contractCase: spec, fixtureFile: nil)
        if check.check(outcome, from: .client(response: spec.response, prediction: nil)).isEmpty { return nil }
        return "client returned \(outcome.summary(model: contract.model)); expected \(expected)"
    }
}
