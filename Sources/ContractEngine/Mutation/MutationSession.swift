import ContractCatalogue
import Foundation

/// One `mutate` run: picks the cases to mutate, runs their mutants (at most `--jobs` at once,
/// results in a stable order), and learns each model's profile.
package struct MutationSession {
    let options: VerifyOptions
    /// What the run's cases share; warnings never fail a case here.
    let run: RunContext
    let seed: UInt64
    let max: Int
    /// What each model accepts, by model name.
    private(set) var profiles: [String: ModelProfile] = [:]
    /// Each case whose mutants were capped by `max`.
    private(set) var capped: [Capped] = []
    /// Every mutant's 2xx body (in `bodies`) with its model and whether the model accepts it, in
    /// order, for `mutate --mutants DIR`.
    private(set) var mutantBodies: [(model: String, name: String, body: ByteSpool.Slice, decodes: Bool)] = []
    /// The models some of whose mutants `--max` left out, so their profiles are partial.
    private(set) var cappedModels: Set<String> = []
    /// Where each 2xx mutant's body is kept for `mutate --mutants DIR`, on disk as it comes;
    /// without it, a body lives as long as its mutant runs.
    let bodies: ByteSpool?
    /// Called after each mutant with the mutants run so far and the mutants of the cases reached
    /// so far (the total grows as each case's mutants are derived).
    var progress: (@Sendable (Int, Int) -> Void)?
    /// The mutants run so far, and derived so far, for `progress`.
    private var counted = (done: 0, total: 0)
    /// The cases mutated so far, and the mutants of them run.
    private(set) var counts = (cases: 0, mutants: 0)

    init(options: VerifyOptions, fixtures: FixtureLocator, seed: UInt64, max: Int, keepsBodies: Bool = true) {
        self.options = options
        self.bodies = keepsBodies ? ByteSpool() : nil
        var run = options.runContext(fixtures: fixtures)
        run.strict = false
        self.run = run
        self.seed = seed
        self.max = max
    }

    /// The result rows for one item of the suite: its mutants, or why it could not be mutated.
    mutating func mutate(_ item: SuiteItem) async -> [CaseResult] {
        guard case .contractCase(let contract, .ready(let spec)) = item else {
            // A contract or case that does not load is reported as verify reports it.
            return [await item.verify(in: run, live: nil)]
        }
        if spec.isFlow, let endpoint = contract.endpoint, spec.skip == nil {
            return await mutateFlow(spec, of: contract, endpoint: endpoint)
        }
        guard let endpoint = contract.endpoint, spec.skip == nil, spec.replay,
            case .http(let status, _, _) = spec.response.kind, (200...299).contains(status),
            case .decodes = spec.expect.kind
        else { return [] }
        // The body is read once: the case is verified with it, and the mutants are made from it.
        // One that cannot be read is left to the runner, which reads it again and says why.
        let body: LoadedBody? =
            switch LoadedBody.load(spec.response, fixtures: run.fixtures, contractFile: contract.file) {
            case .success(let body): body
            case .failure: nil
            }
        let verified = await verify(spec, of: contract, body: body)
        guard verified.status == .passed, let body else {
            return [Self.unverified(verified, contract: contract, spec: spec)]
        }
        guard let maker = MutantMaker(body: body.data, response: spec.response, model: contract.model) else {
            return []
        }
        let mutations = selected(maker.mutations, case: "\(contract.file) › \(spec.name)")
        if mutations.count < maker.mutations.count { cappedModels.insert(contract.model.name) }
        var runner = MutantRunner(
            contract: contract, spec: spec, endpoint: endpoint, maker: maker, timeout: options.timeout)
        runner.bodies = bodies
        let findings = await run(mutations, with: runner)
        counts.cases += 1
        counts.mutants += findings.count
        profiles[contract.model.name, default: ModelProfile(model: contract.model.name)].learn(
            keyPaths: maker.keyPaths, findings: findings)
        for finding in findings {
            if let body = finding.body {
                mutantBodies.append((contract.model.name, finding.result.caseName, body.slice, body.decodes))
            }
        }
        return findings.map(\.result)
    }

    /// A flow's mutants, once the flow passes verify: each exchange's answer in turn swapped for
    /// an error status or a network error.
    private mutating func mutateFlow(_ spec: CaseSpec, of contract: Contract, endpoint: Endpoint) async
        -> [CaseResult]
    {
        let verified = await verify(spec, of: contract, body: nil)
        var replies: [(response: ResponseSpec, body: Data)] = []
        for exchange in spec.exchanges {
            guard
                case .success(let body) = LoadedBody.load(
                    exchange.response, fixtures: run.fixtures, contractFile: contract.file)
            else { break }
            replies.append((exchange.response, body.data))
        }
        guard verified.status == .passed, replies.count == spec.exchanges.count else {
            return [Self.unverified(verified, contract: contract, spec: spec)]
        }
        let runner = FlowMutantRunner(
            contract: contract, spec: spec, endpoint: endpoint, replies: replies, timeout: options.timeout)
        let mutants = runner.mutants
        let results = await WorkerPool.map(count: mutants.count, jobs: options.jobs) { index in
            await runner.run(exchange: mutants[index].exchange, mutation: mutants[index].mutation)
        }
        counts.cases += 1
        counts.mutants += results.count
        return results
    }

    /// The mutants run: all of them, or `--max` of them drawn with the seed, in their own order.
    private mutating func selected(_ mutations: [Mutation], case name: String) -> [Mutation] {
        guard mutations.count > max else { return mutations }
        var generator = SplitMix64(seed: seed)
        let kept = Set(mutations.indices.shuffled(using: &generator).prefix(max))
        capped.append(Capped(caseName: name, kept: max, total: mutations.count, seed: seed))
        return mutations.indices.filter { kept.contains($0) }.map { mutations[$0] }
    }

    /// The case verified as `verify` would, before its mutants are made. Keys the model never
    /// reads are looked for only when the case does not pass, the one time its warnings are shown.
    private func verify(_ spec: CaseSpec, of contract: Contract, body: LoadedBody?) async -> CaseResult {
        var runner = run.runner(spec, of: contract)
        runner.findsUnreadKeys = false
        let verified = run.checked(await CaseResult.timed { await runner.run(body: body) })
        guard verified.status != .passed else { return verified }
        runner.findsUnreadKeys = true
        return run.checked(await CaseResult.timed { await runner.run(body: body) })
    }

    /// Runs mutants at most `jobs` at once; the findings come back in the mutants' order, and
    /// `progress` hears of each, counted over the run.
    private mutating func run(_ mutations: [Mutation], with runner: MutantRunner) async -> [MutantRunner.Finding] {
        let before = counted.done
        counted.total += mutations.count
        counted.done += mutations.count
        let total = counted.total
        var counter: (@Sendable (Int, Int) -> Void)?
        if let progress {
            counter = { done, _ in progress(before + done, total) }
        }
        return await WorkerPool.map(count: mutations.count, jobs: options.jobs, progress: counter) { index in
            await runner.run(mutations[index])
        }
    }
}

extension MutationSession {
    /// A case that does not pass verify, as mutate reports it: an error, its mutants not run.
    static func unverified(_ verified: CaseResult, contract: Contract, spec: CaseSpec) -> CaseResult {
        var failed = verified
        failed.status = .error
        failed.diagnostics.insert(
            Diagnostic(
                .error, "the case does not pass verify, so its mutants were not run", file: contract.file,
                position: spec.position
            ), at: 0)
        return failed
    }
}
