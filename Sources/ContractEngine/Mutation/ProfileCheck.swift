import Foundation

/// Compares learnt profiles with the files in `--profiles DIR`, and plans the writes of those that
/// are new (or, under `--update`, of every profile learnt).
///
/// A run that learnt only part of a model (PATHs or `--filter` narrowed the suite, or `--max` left
/// mutants out) judges only what it learnt: a path it never looked at is neither reported as gone
/// nor dropped by `--update`, and the run says how many it could not judge.
struct ProfileCheck {
    let folder: URL
    let display: String
    let update: Bool
    /// Whether the run covered the whole suite.
    let wholeSuite: Bool
    /// The reader's words for a problem that turns on a setting of the run.
    let words: (MutationSession.ProfileProblem) -> String

    /// What the check found and what it would write.
    struct Outcome {
        var results: [CaseResult] = []
        var writes = FileChanges()
    }

    /// One result row per model: passed when written or unchanged, failed with every change.
    /// - Parameters:
    ///   - profiles: What the run learnt, by model name.
    ///   - capped: The models some of whose mutants `--max` left out.
    func check(_ profiles: [String: ModelProfile], capped: Set<String>) -> Outcome {
        var outcome = Outcome()
        for name in profiles.keys.sorted() {
            guard let profile = profiles[name] else { continue }
            let file = folder.appendingPathComponent("\(name).json")
            let shown = (display.hasSuffix("/") ? display : display + "/") + "\(name).json"
            let complete = wholeSuite && !capped.contains(name)
            var result = CaseResult(contract: shown, endpoint: nil, caseName: "\(name) profile", status: .passed)
            let old: ModelProfile?
            switch read(file, shown: shown) {
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
                    let problem = MutationSession.ProfileProblem.unjudged(
                        paths: unjudged, model: name, updating: update, because: wholeSuite ? .capped : .narrowedRun)
                    result.diagnostics.append(Diagnostic(.note, words(problem), file: shown))
                }
            }
            if update || old == nil {
                let written = old.map { complete ? profile : profile.merged(into: $0) } ?? profile
                outcome.writes.write(Data(written.text.utf8), to: file, display: shown)
                result.diagnostics.append(
                    Diagnostic(
                        .note,
                        "wrote the \(name) profile (\(written.pathCount) \(written.pathCount == 1 ? "path" : "paths"))",
                        file: shown))
            }
            outcome.results.append(result)
        }
        return outcome
    }

    /// The profile in a file: `nil` when there is none, or why it cannot be read.
    private func read(_ file: URL, shown: String) -> Result<
        (ModelProfile, [String: SourcePosition])?, Diagnostic
    > {
        guard FileManager.default.fileExists(atPath: file.path) else { return .success(nil) }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .failure(Diagnostic(.error, "cannot read the profile: \(FileProblem.describe(error))", file: shown))
        }
        return ModelProfile.parse(data, file: shown, words: words).map { Optional(($0.0, $0.positions)) }
    }

    /// Creates one with every property given.
    init(
        folder: URL, display: String, update: Bool, wholeSuite: Bool,
        words: @escaping (MutationSession.ProfileProblem) -> String = \.plain
    ) {
        self.folder = folder
        self.display = display
        self.update = update
        self.wholeSuite = wholeSuite
        self.words = words
    }
}
