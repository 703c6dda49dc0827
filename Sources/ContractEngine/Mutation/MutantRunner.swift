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
    /// Where a 2xx mutant's body is kept, for `mutate --mutants DIR`, its finding holding only
    /// where; without one no body outlives its mutant.
    var bodies: ByteSpool?

    /// What one mutant showed.
    struct Finding: Sendable {
        let mutation: Mutation
        /// The result row, `CASE › MUTATION`.
        let result: CaseResult
        /// Whether a correct client decodes it: what the model profile learns from.
        let decodes: Bool
        /// The mutant's 2xx body and whether the model accepts it (it decodes, or fails with
        /// jsonConversionFailure), for `mutate --mutants DIR`; `nil` for other mutants.
        var body: (slice: ByteSpool.Slice, decodes: Bool)?
    }

    /// Runs a mutant.
    func run(_ mutation: Mutation) async -> Finding {
        let clock = ContinuousClock()
        let start = clock.now
        let served = maker.apply(mutation)
        let (response, body) = (served.response, served.body)
        // The client decodes the mutant on its session's queue while the prediction decodes it
        // off the task pool: the two decodes a mutant costs run side by side, and neither waits
        // on the other's hand-offs between threads.
        async let replayed = Replayer(timeout: timeout).replay(
            endpoint, contract: contract, response: response, body: body)
        let (model, rules, errors) = (contract.model, contract.rules, contract.errors)
        let prediction = await Self.offPool { Self.predict(served, model: model, rules: rules, errors: errors) }
        let observation = await replayed
        let problem = Self.problem(
            with: observation, body: body, tree: served.tree, predicted: prediction, model: contract.model,
            timeout: timeout, dictionaries: maker.dictionaries)
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
        if let bodies, case .http(let status, _, _) = response.kind, (200...299).contains(status) {
            switch prediction {
            case .decoded: finding.body = (bodies.append(body), true)
            case .failed(let name, _, _) where name.isDecodingFailure: finding.body = (bodies.append(body), false)
            default: break
            }
        }
        return finding
    }

    /// What a correct client makes of a mutant. A key mutant of a large array changes its first
    /// element only, and an array model decodes its elements in order, stopping at the first that
    /// fails: when that element alone, as an array of one, fails inside it, the whole body fails
    /// there too, and the 1.4 MB the decoder would scan first to find it out are never read.
    static func predict(
        _ served: MutantMaker.Served, model: ModelDescriptor, rules: OutcomeRules = .standard,
        errors: ErrorVocabulary = .apiError
    ) -> Outcome {
        if model.isArray, let first = served.first {
            let alone = Predictor.predict(
                served.response, body: first.body, model: model, tree: first.tree, rules: rules, errors: errors)
            if let problem = alone.decodingProblem, problem.path.hasPrefix("[0]") {
                return alone
            }
        }
        return Predictor.predict(
            served.response, body: served.body, model: model, tree: served.tree, rules: rules, errors: errors)
    }

    /// Runs CPU-bound work on a Dispatch thread, so the task pool's few threads stay free for the
    /// replay it runs beside.
    private static func offPool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// What the client did wrong, or `nil` when it gave the predicted outcome once, on its queue.
    /// - Parameter tree: The body's tree when the caller has it, so it is not parsed again.
    static func problem(
        with observation: Replayer.Observation, body: Data, tree: JSONNode? = nil, predicted: Outcome,
        model: ModelDescriptor, timeout: TimeInterval, dictionaries: Set<String>
    ) -> String? {
        let expected = predicted.brief(model: model)
        let problems = CompletionCheck.problems(of: observation)
        if let first = observation.firstOutcome.map({ $0.namingBodyKeys(of: body, tree: tree, model: model) }),
            !first.isSame(as: predicted, dictionaries: dictionaries)
        {
            return "client returned \(first.summary(model: model)); expected \(expected)"
        }
        return problems.first.map {
            "\(CompletionCheck.describe($0, in: observation, timeout: timeout)); a correct client gets \(expected)"
        }
    }
}
