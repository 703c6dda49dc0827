import ContractCatalogue
import Foundation

/// Runs one mutant: predicts what a correct client makes of it, replays it through the real
/// client, and fails it unless the client gives exactly that, once, on its queue.
struct MutantRunner: Sendable {
    let contract: Contract
    let spec: CaseSpec
    let endpoint: Endpoint
    let maker: MutantMaker
    let timeout: TimeInterval

    /// What one mutant showed.
    struct Finding: Sendable {
        let mutation: Mutation
        /// The result row, `CASE › MUTATION`.
        let result: CaseResult
        /// Whether a correct client decodes it: what the model profile learns from.
        let decodes: Bool
        /// The mutant's 2xx body and whether the model accepts it (it decodes, or fails with
        /// jsonConversionFailure), for `mutate --mutants DIR`; `nil` for other mutants.
        var body: (data: Data, decodes: Bool)?
    }

    /// Runs a mutant.
    func run(_ mutation: Mutation) async -> Finding {
        let clock = ContinuousClock()
        let start = clock.now
        let (response, body) = maker.apply(mutation)
        let prediction = Predictor.predict(response, body: body, model: contract.model)
        let observation = await Replayer(timeout: timeout).replay(
            endpoint, contract: contract, response: response, body: body)
        let problem = Self.problem(
            with: observation, body: body, predicted: prediction, model: contract.model, timeout: timeout,
            dictionaries: maker.dictionaries)
        let name = "\(spec.name) › \(mutation.name)"
        let diagnostics =
            problem.map {
                [Diagnostic(.error, "\(mutation.name): \($0)", file: contract.file, position: spec.position)]
            } ?? []
        var result = CaseResult(
            contract: contract.file, endpoint: endpoint.name, caseName: name,
            status: problem == nil ? .passed : .failed, diagnostics: diagnostics
        )
        result.duration = start.duration(to: clock.now)
        let decodes = if case .decoded = prediction { true } else { false }
        var finding = Finding(mutation: mutation, result: result, decodes: decodes)
        if case .http(let status, _, _) = response.kind, (200...299).contains(status) {
            switch prediction {
            case .decoded: finding.body = (body, true)
            case .failed(.jsonConversionFailure, _, _): finding.body = (body, false)
            default: break
            }
        }
        return finding
    }

    /// What the client did wrong, or `nil` when it gave the predicted outcome once, on its queue.
    static func problem(
        with observation: Replayer.Observation, body: Data, predicted: Outcome, model: ModelDescriptor,
        timeout: TimeInterval, dictionaries: Set<String>
    ) -> String? {
        let expected = predicted.brief(model: model)
        let problems = CompletionCheck.problems(of: observation)
        if let first = observation.completion.first.map({ Outcome($0).namingBodyKeys(of: body, model: model) }),
            !first.isSame(as: predicted, dictionaries: dictionaries)
        {
            return "client returned \(first.summary(model: model)); expected \(expected)"
        }
        return problems.first.map {
            "\(CompletionCheck.describe($0, in: observation, timeout: timeout)); the predicted outcome is \(expected)"
        }
    }
}
