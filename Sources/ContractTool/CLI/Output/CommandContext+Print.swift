import ContractEngine

extension CommandContext {
    /// Prints a report with its cases' diagnostics, and returns what is left for the end of the
    /// run. As text, each case's diagnostics go to standard error right after its line (so a
    /// terminal shows them under it), a diagnostic several cases share once, and the summary
    /// line last, after `trailer` (the coverage matrix); in the other formats, standard output is
    /// the report alone and the diagnostics come at the end.
    /// - Parameters:
    ///   - report: The report.
    ///   - format: The format.
    ///   - color: The colour choice.
    ///   - trailer: Text printed after the cases and before the summary, as text only.
    ///   - quiet: `--quiet`: as text, leave out the passed and skipped cases with nothing to say.
    ///   - closing: What the summary line ends with, as text only: how long the run took, such as
    ///     ` in 1.2 s`.
    /// - Returns: The diagnostics still to report.
    func print(
        _ report: Report, format: Report.Format, color: ColorChoice, trailer: String = "", quiet: Bool = false,
        closing: String = ""
    ) -> [ToolProblem] {
        guard format == .text else {
            // Printed a block at a time as the results are read back, never the whole report at once.
            var block = ""
            report.write(format) { piece in
                block += piece
                if block.utf8.count >= 1 << 16 {
                    results(block)
                    block = ""
                }
            }
            if !block.isEmpty { results(block) }
            let all = report.caseDiagnostics()
            return all.isEmpty ? [] : [.diagnostics(all)]
        }
        let errorColor = color.isOn(terminal: environment.stderrIsTerminal, environment: environment)
        let summary = report.forEachTextLine(
            color: color.isOn(terminal: environment.stdoutIsTerminal, environment: environment), quiet: quiet
        ) { line, caseDiagnostics in
            results(line)
            if !caseDiagnostics.isEmpty {
                output.standardError(ToolProblem.diagnostics(caseDiagnostics).rendered(color: errorColor, tool: tool))
            }
        }
        results(trailer + (summary.hasSuffix("\n") ? summary.dropLast() + closing + "\n" : summary + closing))
        return []
    }

    /// How long a run took since it started, as a summary line ends with it: ` in 1.2 s`.
    /// - Parameter start: When the run started.
    /// - Returns: The words, with a leading space.
    static func took(since start: ContinuousClock.Instant) -> String {
        let elapsed = start.duration(to: .now).components
        let tenths = (elapsed.seconds * 1_000 + elapsed.attoseconds / 1_000_000_000_000_000 + 50) / 100
        return " in \(tenths / 10).\(tenths % 10) s"
    }
}
