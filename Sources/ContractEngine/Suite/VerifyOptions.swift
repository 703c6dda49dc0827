import Foundation

/// What `verify` runs and how.
public struct VerifyOptions: Sendable {
    /// Contract files and folders to run; the contracts folder when empty.
    public var paths: [String] = []
    /// The contracts folder as given; `nil` for `contracts/` at the suite's root.
    public var contractsFolder: String?
    /// The fixtures folder as given; `nil` for `Fixtures/` at the suite's root.
    public var fixturesFolder: String?
    /// Runs only cases whose contract path or case name contains one of these texts, ignoring
    /// case; every case when empty.
    public var filters: [String] = []
    /// Whether cases of endpoint contracts are replayed through the client.
    public var replay = true
    /// How long a replayed client may take to complete, in seconds.
    public var timeout: TimeInterval = 5
    /// Whether warnings fail the run.
    public var strict = false
    /// How many cases run at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Which part of the suite to run: shard `index` (from 1) of `count`.
    public var shard: (index: Int, count: Int)?
    /// Whether recorded cases are checked against the live server instead of their fixtures.
    public var live = false
    /// Where live requests go.
    public var baseURLs = BaseURLChoice()
    /// How long a live request may take, in seconds.
    public var liveTimeout: TimeInterval = 10

    /// Where live requests go and how long they may take.
    var liveSettings: LiveSettings { LiveSettings(baseURLs: baseURLs, timeout: liveTimeout) }

    /// What the run's cases share, for a fixtures folder.
    func runContext(fixtures: FixtureLocator) -> RunContext {
        RunContext(fixtures: fixtures, replay: replay, timeout: timeout, strict: strict)
    }

    /// Creates the default options.
    public init() {}
}
