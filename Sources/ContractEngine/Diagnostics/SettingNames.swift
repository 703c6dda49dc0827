/// How the engine names the settings its reader can change, in that reader's words: the command
/// line passes its flags (`--timeout`), a test target keeps the plain words. The engine itself
/// never spells a flag.
package struct SettingNames: Sendable, Equatable {
    /// How long a server may take: `--timeout`.
    var timeout: String
    /// Writing a new answer whatever it breaks: `--force`.
    var force: String
    /// Rewriting the model profiles: `--update`.
    var update: String
    /// The most mutants run per case: `--max`.
    var max: String
    /// What picks the mutants a case over the most keeps: `--seed`.
    var seed: String
    /// What narrows a run to part of the suite: `PATH or --filter`.
    var narrowing: String

    /// Creates one with every name given.
    package init(timeout: String, force: String, update: String, max: String, seed: String, narrowing: String) {
        self.timeout = timeout
        self.force = force
        self.update = update
        self.max = max
        self.seed = seed
        self.narrowing = narrowing
    }

    /// Plain words, for a reader with no flags.
    static let plain = SettingNames(
        timeout: "the timeout", force: "forcing", update: "updating the profiles", max: "the most mutants a case runs",
        seed: "seed", narrowing: "paths or filters")
}
