import Foundation
import DogPatchClients

/// One `mutate` run: picks the cases to mutate, runs their mutants (at most `--jobs` at once,
/// results in a stable order), and learns each model's profile.
struct MutationSession {
    let options: VerifyOptions
    let fixtures: FixtureLocator
    let seed: UInt64
    let max: Int
    /// What each model accepts, by model name.
    private(set) var profiles: [String: ModelProfile] = [:]
    /// A line for each case whose mutants were capped by `--max`.
    private(set) var capped: [String] = []
    private let keyReads = KeyReadCache()

    init(options: VerifyOptions, fixtures: FixtureLocator, seed: UInt64, max: Int) {
        self.options = options
        self.fixtures = fixtures
        self.seed = seed
        self.max = max
    }

    /// The result rows for one item of the suite: its mutants, or why it could not be mutated.
    mutating func mutate(_ item: SuiteItem) async -> [CaseResult] {
        guard case .contractCase(let contract, .ready(let spec)) = item else {
            // A contract or case that does not load is reported as verify reports it.
            return [await item.verify(fixtures: fixtures, options: options, keyReads: keyReads)]
        }
        guard let endpoint = contract.endpoint, spec.skip == nil, spec.replay,
              case .http(let status, _, _) = spec.response.kind, (200...299).contains(status),
              case .decodes = spec.expect.kind else { return [] }
        var verified = await Verifier.verify(.ready(spec), of: contract, fixtures: fixtures, options: options, keyReads: keyReads)
        verified = DiagnosticRules.apply(to: [verified], strict: false)[0]
        guard verified.status == .passed,
              case .success(let body) = LoadedBody.load(spec.response, fixtures: fixtures, contractFile: contract.file) else {
            var failed = verified
            failed.status = .error
            failed.diagnostics.insert(Diagnostic(
                .error, "the case does not pass verify, so its mutants were not run", file: contract.file, position: spec.position
            ), at: 0)
            return [failed]
        }
        guard let maker = MutantMaker(body: body.data, response: spec.response, model: contract.model) else { return [] }
        let mutations = selected(maker.mutations, case: "\(contract.file) › \(spec.name)")
        let runner = MutantRunner(contract: contract, spec: spec, endpoint: endpoint, maker: maker, timeout: options.timeout)
        let findings = await Self.run(mutations, with: runner, jobs: options.jobs)
        profiles[contract.model.name, default: ModelProfile(model: contract.model.name)].learn(keyPaths: maker.keyPaths, findings: findings)
        return findings.map(\.result)
    }

    /// The mutants run: all of them, or `--max` of them drawn with the seed, in their own order.
    private mutating func selected(_ mutations: [Mutation], case name: String) -> [Mutation] {
        guard mutations.count > max else { return mutations }
        var generator = SplitMix64(seed: seed)
        let kept = Set(mutations.indices.shuffled(using: &generator).prefix(max))
        capped.append("\(name): \(max) of \(mutations.count) mutants run (--max \(max), --seed \(seed)); the other \(mutations.count - max) were left out")
        return mutations.indices.filter { kept.contains($0) }.map { mutations[$0] }
    }

    /// Runs mutants at most `jobs` at once; the findings come back in the mutants' order.
    private static func run(_ mutations: [Mutation], with runner: MutantRunner, jobs: Int) async -> [MutantRunner.Finding] {
        await WorkerPool.map(count: mutations.count, jobs: jobs) { index in
            await runner.run(mutations[index])
        }
    }
}

/// Compares learnt profiles with the files in `--profiles DIR`, writing those that are new (or
/// all of them under `--update`).
struct ProfileCheck {
    let folder: URL
    let display: String
    let update: Bool
    let temporaries: TemporaryFiles

    /// One result row per model: passed when written or unchanged, failed with every change.
    func check(_ profiles: [String: ModelProfile]) -> (results: [CaseResult], problems: [ToolProblem]) {
        var results: [CaseResult] = []
        var problems: [ToolProblem] = []
        for name in profiles.keys.sorted() {
            guard let profile = profiles[name] else { continue }
            let file = folder.appendingPathComponent("\(name).json")
            let shown = (display.hasSuffix("/") ? display : display + "/") + "\(name).json"
            var result = CaseResult(contract: shown, endpoint: nil, caseName: "\(name) profile", status: .passed)
            if !update, let data = try? Data(contentsOf: file) {
                switch ModelProfile.parse(data, file: shown) {
                case .failure(let diagnostic):
                    result.status = .error
                    result.diagnostics = [diagnostic]
                case .success(let (old, positions)):
                    let changes = profile.changes(since: old)
                    result.diagnostics = changes.map { Diagnostic(.error, $0.message, file: shown, position: positions[$0.path] ?? .start, path: $0.path) }
                    if !changes.isEmpty { result.status = .failed }
                }
            } else {
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try AtomicFile.write(profile.text, to: file, temporaries: temporaries)
                    result.diagnostics = [Diagnostic(.note, "wrote the \(name) profile (\(profile.pathCount) paths)", file: shown)]
                } catch {
                    problems.append(.error("cannot write the profile \"\(shown)\": \(FileProblem.describe(error))"))
                }
            }
            results.append(result)
        }
        return (results, problems)
    }
}
