extension CaseResult {
    /// Runs a case and gives its result with how long the run took.
    /// - Parameter run: The case's run.
    /// - Returns: Its result, `duration` set.
    static func timed(_ run: () async -> CaseResult) async -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = await run()
        result.duration = start.duration(to: clock.now)
        return result
    }

    /// The duration in whole milliseconds, rounded: what the JUnit report shows and sums, so a
    /// suite's time is the sum of the times shown for its cases.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }
}
