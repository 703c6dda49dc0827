/// Which cases share each diagnostic (one fixture three cases read), learnt in one pass over a
/// run's results, so that the report prints such a diagnostic once, under the first case, with a
/// note naming them all.
struct SharedDiagnostics {
    /// The cases that report each diagnostic, by its rendering: both its identity and what is compared.
    private let readers: [String: [String]]
    /// The diagnostics printed so far.
    private var printed: Set<String> = []

    /// Reads the results once for their diagnostics.
    /// - Parameter results: The run's results.
    init(_ results: ResultSpool) {
        var readers: [String: [String]] = [:]
        if results.hasDiagnostics {
            results.readBack { result in
                for line in Set(result.diagnostics.map(\.rendered)) {
                    readers[line, default: []].append("\(result.contract) › \(result.caseName)")
                }
            }
        }
        self.readers = readers
    }

    /// What to print under a case, the results taken in order: its diagnostics not printed under
    /// an earlier case, each shared one followed by its note.
    /// - Parameter result: The next result.
    /// - Returns: Its diagnostics to print.
    mutating func diagnostics(of result: CaseResult) -> [Diagnostic] {
        result.diagnostics.flatMap { diagnostic -> [Diagnostic] in
            let line = diagnostic.rendered
            guard printed.insert(line).inserted else { return [] }
            let cases = readers[line] ?? []
            guard cases.count > 1 else { return [diagnostic] }
            let note = Diagnostic(
                .note, "the same for \(cases.count) cases: " + cases.joined(separator: ", "), file: diagnostic.file,
                position: diagnostic.position)
            return [diagnostic, note]
        }
    }
}
