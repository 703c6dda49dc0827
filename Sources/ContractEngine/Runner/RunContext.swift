import ContractCatalogue
import Foundation

/// What every case of one run shares: where fixtures are, whether and how long to replay, whether
/// warnings fail, and what the run has learnt of the models. `verify`, `verify --live`, `record`,
/// `mutate`, `add` and Swift Testing all run their cases through one.
struct RunContext: Sendable {
    /// The fixtures folder, one for the run, so what loading learnt of its folders serves the reads.
    let fixtures: FixtureLocator
    /// Whether cases of endpoint contracts are replayed through the client.
    var replay = true
    /// How long a replayed client may take to complete, in seconds.
    var timeout = Replayer.defaultTimeout
    /// Whether warnings fail their case.
    var strict = false
    /// Which keys each model reads, shared by the run.
    let keyReads = KeyReadCache()

    /// The runner for one ready case.
    func runner(_ spec: CaseSpec, of contract: Contract) -> CaseRunner {
        CaseRunner(
            contract: contract, contractCase: spec, fixtures: fixtures, replay: replay, timeout: timeout,
            keyReads: keyReads)
    }

    /// Runs one case of a loaded contract, without the diagnostic rules (a run applies them over
    /// all its results at once); an invalid case is an `error` result.
    func run(_ entry: CaseEntry, of contract: Contract) async -> CaseResult {
        switch entry {
        case .invalid(let name, let diagnostics):
            return CaseResult(
                contract: contract.file, endpoint: contract.endpoint?.name, caseName: name, status: .error,
                diagnostics: diagnostics)
        case .ready(let spec):
            return await runner(spec, of: contract).run()
        }
    }

    /// Verifies one case as `verify` would, the diagnostic rules applied to it alone: what `add`
    /// needs.
    func verify(_ entry: CaseEntry, of contract: Contract) async -> CaseResult {
        checked(await run(entry, of: contract))
    }

    /// Runs the named cases of a contract, in the order named, as `verify` runs a case: what `add`
    /// does with the cases it wrote.
    /// - Parameters:
    ///   - names: The cases; a name the contract lacks is passed over.
    ///   - contract: Their contract.
    /// - Returns: Their results.
    func verify(named names: [String], of contract: Contract) async -> [CaseResult] {
        var results: [CaseResult] = []
        for name in names {
            guard let entry = contract.cases.first(where: { $0.name == name }) else { continue }
            results.append(await verify(entry, of: contract))
        }
        return results
    }

    /// One result with the diagnostic rules applied to it alone, as a run applies them to all of
    /// its results: for callers that verify one case (`add`, `mutate`, a Swift Testing case).
    func checked(_ result: CaseResult) -> CaseResult {
        DiagnosticRules.apply(to: [result], strict: strict)[0]
    }

    /// Creates a context.
    /// - Parameters:
    ///   - fixtures: The fixtures folder.
    ///   - replay: Whether cases of endpoint contracts are replayed.
    ///   - timeout: How long a replayed client may take, in seconds.
    ///   - strict: Whether warnings fail their case.
    init(
        fixtures: FixtureLocator, replay: Bool = true, timeout: TimeInterval = Replayer.defaultTimeout,
        strict: Bool = false
    ) {
        self.fixtures = fixtures
        self.replay = replay
        self.timeout = timeout
        self.strict = strict
    }
}
