extension Summary {
    /// Counts one more result, as `init(_:)` counts a list of them.
    /// - Parameters:
    ///   - result: The result.
    ///   - isNewContract: Whether no result counted before names its contract.
    mutating func count(_ result: CaseResult, isNewContract: Bool) {
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
}
