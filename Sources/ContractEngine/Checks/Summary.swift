/// Counts of results by status.
public struct Summary: Sendable, Equatable {
    /// Contract files seen.
    public var contracts: Int
    /// Results counted.
    public var cases: Int
    /// Passed cases.
    public var passed: Int
    /// Failed cases.
    public var failed: Int
    /// Cases or contracts that could not run.
    public var errors: Int
    /// Skipped cases.
    public var skipped: Int
    /// Warnings among all diagnostics.
    public var warnings: Int

    /// Counts results.
    /// - Parameter results: The results.
    public init(_ results: [CaseResult]) {
        contracts = Set(results.map(\.contract)).count
        cases = results.count
        passed = results.count { $0.status == .passed }
        failed = results.count { $0.status == .failed }
        errors = results.count { $0.status == .error }
        skipped = results.count { $0.status == .skipped }
        warnings = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .warning } }
    }

    /// Adds one more result to the counts, as `init(_:)` counts a list of them.
    /// - Parameters:
    ///   - result: The result.
    ///   - isNewContract: Whether no result counted before names its contract.
    mutating func add(_ result: CaseResult, isNewContract: Bool) {
        if isNewContract { contracts += 1 }
        cases += 1
        switch result.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
        warnings += result.diagnostics.count { $0.severity == .warning }
    }

    /// The closing line: `38 passed, 2 failed, 1 error, 0 skipped`.
    public var line: String {
        var line =
            "\(passed) passed, \(failed) failed, \(errors) \(errors == 1 ? "error" : "errors"), \(skipped) skipped"
        if warnings > 0 { line += " (\(warnings) \(warnings == 1 ? "warning" : "warnings"))" }
        return line
    }
}
