/// The Markdown a run appends to GitHub's step summary (`GITHUB_STEP_SUMMARY`): the counts, and a
/// table naming every case that failed or could not run, which annotations alone cannot do past
/// their limit of ten a step.
struct StepSummary {
    let results: ResultSpool
    let summary: Summary
    /// The tool's name, the heading's.
    let tool: String

    /// The Markdown, built from one pass over the results: it grows with the cases that failed,
    /// not with the run.
    func render() -> String {
        var out = "### \(Self.cell(tool)) verify\n\n"
        out += "**\(summary.line)** in \(summary.contracts) \(summary.contracts == 1 ? "contract" : "contracts")\n\n"
        guard summary.failed + summary.errors > 0 else { return out }
        out += "| contract | case | status | first diagnostic |\n|---|---|---|---|\n"
        results.readBack { result in
            guard result.status == .failed || result.status == .error else { return }
            let first = result.diagnostics.first { $0.severity == .error } ?? result.diagnostics.first
            let cells = [result.contract, result.caseName, result.status.rawValue, first?.rendered ?? ""]
            out += "| " + cells.map(Self.cell).joined(separator: " | ") + " |\n"
        }
        return out + "\n"
    }

    /// Text made safe for one table cell: no line breaks, no column separators, no HTML.
    static func cell(_ text: String) -> String {
        VisibleText.rewriting(VisibleText.escaped(text)) { scalar in
            switch scalar {
            case "|": "\\|"
            case "<": "&lt;"
            case ">": "&gt;"
            case "&": "&amp;"
            case "`": "\\`"
            default: nil
            }
        }
    }
}
