import DogPatchClients
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
    package private(set) var profiles: [String: ModelProfile] = [:]
    /// A line for each case whose mutants were capped by `--max`.
    package private(set) var capped: [String] = []
    /// Every mutant's 2xx body with its model and whether the model accepts it, in order, for
    /// `mutate --mutants DIR`.
    package private(set) var mutantBodies: [(model: String, name: String, body: Data, decodes: Bool)] = []
    /// The models some of whose mutants `--max` left out, so their profiles are partial.
    package private(set) var cappedModels: Set<String> = []
    package init(options: VerifyOptions, fixtures: FixtureLocator, seed: UInt64, max: Int) {
        self.options = options
        var run = options.runContext(fixtures: fixtures)
        run.strict = false
        self.run = run
        self.seed = seed
        self.max = max
    }

    /// The result rows for one item of the suite: its mutants, or why it could not be mutated.
    package mutating func mutate(_ item: SuiteItem) async -> [CaseResult] {
        guard case .contractCase(let contract, .ready(let spec)) = item else {
            // A contract or case that does not load is reported as verify reports it.
            return [await item.verify(in: run, live: nil)]
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
        let verified = run.checked(await CaseResult.timed { await run.runner(spec, of: contract).run(body: body) })
        guard verified.status == .passed, let body else {
            var failed = verified
            failed.status = .error
            failed.diagnostics.insert(
                Diagnostic(
                    .error, "the case does not pass verify, so its mutants were not run", file: contract.file,
                    position: spec.position
                ), at: 0)
            return [failed]
        }
        guard let maker = MutantMaker(body: body.data, response: spec.response, model: contract.model) else {
            return []
        }
        let mutations = selected(maker.mutations, case: "\(contract.file) › \(spec.name)")
        if mutations.count < maker.mutations.count { cappedModels.insert(contract.model.name) }
        let runner = MutantRunner(
            contract: contract, spec: spec, endpoint: endpoint, maker: maker, timeout: options.timeout)
        let findings = await Self.run(mutations, with: runner, jobs: options.jobs)
        profiles[contract.model.name, default: ModelProfile(model: contract.model.name)].learn(
            keyPaths: maker.keyPaths, findings: findings)
        for finding in findings {
            if let body = finding.body {
                mutantBodies.append((contract.model.name, finding.result.caseName, body.data, body.decodes))
            }
        }
        return findings.map(\.result)
    }

    /// The mutants run: all of them, or `--max` of them drawn with the seed, in their own order.
    private mutating func selected(_ mutations: [Mutation], case name: String) -> [Mutation] {
        guard mutations.count > max else { return mutations }
        var generator = SplitMix64(seed: seed)
        let kept = Set(mutations.indices.shuffled(using: &generator).prefix(max))
        capped.append(
            "\(name): \(max) of \(mutations.count) mutants run (--max \(max), --seed \(seed)); the other \(mutations.count - max) were left out"
        )
        return mutations.indices.filter { kept.contains($0) }.map { mutations[$0] }
    }

    /// Runs mutants at most `jobs` at once; the findings come back in the mutants' order.
    private static func run(_ mutations: [Mutation], with runner: MutantRunner, jobs: Int) async -> [MutantRunner
        .Finding]
    {
        await WorkerPool.map(count: mutations.count, jobs: jobs) { index in
            await runner.run(mutations[index])
        }
    }
}

/// Compares learnt profiles with the files in `--profiles DIR`, and plans the writes of those that
/// are new (or, under `--update`, of every profile learnt).
///
/// A run that learnt only part of a model (PATHs or `--filter` narrowed the suite, or `--max` left
/// mutants out) judges only what it learnt: a path it never looked at is neither reported as gone
/// nor dropped by `--update`, and the run says how many it could not judge.
package struct ProfileCheck {
    let folder: URL
    let display: String
    let update: Bool
    /// Whether the run covered the whole suite.
    let wholeSuite: Bool

    /// What the check found and what it would write.
    package struct Outcome {
        package var results: [CaseResult] = []
        package var writes = FileChanges()
    }

    /// One result row per model: passed when written or unchanged, failed with every change.
    /// - Parameters:
    ///   - profiles: What the run learnt, by model name.
    ///   - capped: The models some of whose mutants `--max` left out.
    package func check(_ profiles: [String: ModelProfile], capped: Set<String>) -> Outcome {
        var outcome = Outcome()
        for name in profiles.keys.sorted() {
            guard let profile = profiles[name] else { continue }
            let file = folder.appendingPathComponent("\(name).json")
            let shown = (display.hasSuffix("/") ? display : display + "/") + "\(name).json"
            let complete = wholeSuite && !capped.contains(name)
            var result = CaseResult(contract: shown, endpoint: nil, caseName: "\(name) profile", status: .passed)
            let old: ModelProfile?
            switch Self.read(file, shown: shown) {
            case .failure(let diagnostic):
                // Unreadable or not a profile: never written over unasked.
                if !update {
                    result.status = .error
                    result.diagnostics = [diagnostic]
                    outcome.results.append(result)
                    continue
                }
                old = nil
            case .success(nil):
                old = nil
            case .success(let (kept, positions)?):
                old = kept
                if !update {
                    let changes = profile.changes(since: kept, complete: complete)
                    result.diagnostics = changes.map {
                        Diagnostic(
                            .error, $0.message, file: shown, position: positions[$0.path] ?? .start, path: $0.path)
                    }
                    if !changes.isEmpty { result.status = .failed }
                }
            }
            if let old, !complete {
                let unjudged = profile.unlearnt(in: old).count
                if unjudged > 0 {
                    let why =
                        wholeSuite
                        ? "--max left some of its mutants out" : "the run took part of the suite (PATH or --filter)"
                    let verb = update ? "kept as they were" : "not judged"
                    result.diagnostics.append(
                        Diagnostic(
                            .note,
                            "\(unjudged) \(unjudged == 1 ? "path" : "paths") of the \(name) profile \(verb): \(why); run mutate on the whole suite to judge every path",
                            file: shown
                        ))
                }
            }
            if update || old == nil {
                let written = old.map { complete ? profile : profile.merged(into: $0) } ?? profile
                outcome.writes.write(Data(written.text.utf8), to: file, display: shown)
                result.diagnostics.append(
                    Diagnostic(.note, "wrote the \(name) profile (\(written.pathCount) paths)", file: shown))
            }
            outcome.results.append(result)
        }
        return outcome
    }

    /// The profile in a file: `nil` when there is none, or why it cannot be read.
    private static func read(_ file: URL, shown: String) -> Result<
        (ModelProfile, [String: SourcePosition])?, Diagnostic
    > {
        guard FileManager.default.fileExists(atPath: file.path) else { return .success(nil) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .failure(Diagnostic(.error, "cannot read the profile: \(FileProblem.describe(error))", file: shown))
        }
        return ModelProfile.parse(data, file: shown).map { Optional(($0.0, $0.positions)) }
    }

    /// Creates one with every property given.
    package init(folder: URL, display: String, update: Bool, wholeSuite: Bool) {
        self.folder = folder
        self.display = display
        self.update = update
        self.wholeSuite = wholeSuite
    }
}
