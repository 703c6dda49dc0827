/// The rules that apply to diagnostics by their kind (`Diagnostic.Code`), once, over a run's
/// results: whatever found them, the same kind is treated the same way.
enum DiagnosticRules {
    /// Applies the rules to a run's results, in order.
    ///
    /// Unread keys and drift from the server are warnings; under `--strict` they are errors and
    /// fail their case, each case keeping its own. Otherwise one warning per contract and key is kept, at the first case
    /// that reports it, so a key in a hundred fixtures of one contract is one line.
    /// - Parameters:
    ///   - results: The results, in suite order.
    ///   - strict: Whether warnings fail their case.
    /// - Returns: The results with the rules applied.
    static func apply(to results: [CaseResult], strict: Bool) -> [CaseResult] {
        var rules = InOrder(strict: strict)
        return results.map { rules.apply(to: $0) }
    }

    /// The rules applied to a run's results one at a time, in order, as they come.
    struct InOrder {
        let strict: Bool
        /// The contract and key of every unread-key warning kept so far.
        private var seen: Set<[String]> = []

        init(strict: Bool) {
            self.strict = strict
        }

        /// The next result with the rules applied.
        mutating func apply(to result: CaseResult) -> CaseResult {
            var result = result
            if strict {
                for index in result.diagnostics.indices
                where [.unreadKey, .drift, .modelSpelling].contains(result.diagnostics[index].code) {
                    result.diagnostics[index].severity = .error
                }
                if result.status == .passed, result.diagnostics.contains(where: { $0.severity == .error }) {
                    result.status = .failed
                }
            } else {
                result.diagnostics.removeAll { diagnostic in
                    guard diagnostic.code == .unreadKey, let path = diagnostic.path else { return false }
                    return !seen.insert([result.contract, path]).inserted
                }
            }
            return result
        }
    }
}
