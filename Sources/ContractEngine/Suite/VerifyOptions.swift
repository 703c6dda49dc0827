import Foundation

/// What `verify` runs and how.
package struct VerifyOptions: Sendable {
    /// Contract files and folders to run; the contracts folder when empty.
    package var paths: [String] = []
    /// The contracts folder as given; `nil` for `contracts/` at the suite's root.
    package var contractsFolder: String?
    /// The fixtures folder as given; `nil` for `Fixtures/` at the suite's root.
    package var fixturesFolder: String?
    /// Runs only cases whose contract path or case name contains one of these texts, ignoring
    /// case; every case when empty.
    package var filters: [String] = []
    /// Whether cases of endpoint contracts are replayed through the client.
    package var replay = true
    /// How long a replayed client may take to complete, in seconds.
    package var timeout = Replayer.defaultTimeout
    /// Whether warnings fail the run.
    package var strict = false
    /// How many cases run at once.
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Which part of the suite to run: shard `index` (from 1) of `count`.
    package var shard: (index: Int, count: Int)?
    /// Whether recorded cases are checked against the live server instead of their fixtures.
    package var live = false
    /// Where live requests go.
    package var baseURLs = BaseURLChoice()
    /// How long a live request may take, in seconds.
    package var liveTimeout = LiveSettings.defaultTimeout

    /// The reader's names for the settings messages mention: plain words, or the command line's flags.
    package var names = SettingNames.plain
    /// Whether `record` writes bodies exactly as received rather than laid out for review.
    package var rawBodies = false
    /// Whether live runs send requests that change data (anything but GET and HEAD): a case whose
    /// client sends one is skipped otherwise.
    package var allowWrites = false
    /// Where a live run keeps each answer, for the release matrix to judge; `nil` keeps none.
    var liveAnswers: LiveAnswers?

    /// Where live requests go and how long they may take.
    var liveSettings: LiveSettings {
        LiveSettings(
            baseURLs: baseURLs, timeout: liveTimeout, raw: rawBodies, names: names, allowWrites: allowWrites,
            answers: liveAnswers)
    }

    /// What the run's cases share, for a fixtures folder.
    func runContext(fixtures: FixtureLocator) -> RunContext {
        RunContext(fixtures: fixtures, replay: replay, timeout: timeout, strict: strict)
    }

    /// Creates the default options.
    package init() {}
}
