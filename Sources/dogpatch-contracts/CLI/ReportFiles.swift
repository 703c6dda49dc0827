import ContractEngine
import Foundation

/// The report files `--junit FILE` and `--json FILE` ask for, written beside the printed report.
struct ReportFiles: Sendable {
    var junit: String?
    var json: String?

    /// Writes them; a file that cannot be written is an error, and the run exits 2.
    /// - Parameters:
    ///   - report: The report.
    ///   - location: Where relative paths start.
    /// - Returns: The problems, one per file that could not be written.
    func write(_ report: Report, environment: ToolEnvironment) -> [ToolProblem] {
        let location = environment.location
        return [(junit, ReportFormat.junit), (json, .json)].compactMap { file, format -> ToolProblem? in
            guard let file else { return nil }
            do throws(FileWriteError) {
                try AtomicFile.write(
                    report.render(format, palette: Palette(enabled: false)), to: location.resolve(file),
                    temporaries: environment.temporaryFiles)
                return nil
            } catch {
                return .error("cannot write the \(format.rawValue) report to \"\(file)\": \(error.reason)")
            }
        }
    }

    /// Writes them and adds what failed to a command's outcome, which then exits 2.
    func write(_ report: Report, environment: ToolEnvironment, into outcome: inout CommandOutcome) {
        let problems = write(report, environment: environment)
        outcome.problems += problems
        if !problems.isEmpty { outcome.code = .invalid }
    }
}

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
    /// - Returns: The diagnostics still to report.
    func print(
        _ report: Report, format: ReportFormat, color: ColorChoice, trailer: String = "", quiet: Bool = false
    ) -> [ToolProblem] {
        guard format == .text else {
            results(report.render(format, palette: Palette(enabled: false)))
            let all = report.caseDiagnostics().flatMap { $0 }
            return all.isEmpty ? [] : [.diagnostics(all)]
        }
        let lines = report.textLines(
            palette: Palette(enabled: color.isOn(terminal: environment.stdoutIsTerminal, environment: environment)),
            quiet: quiet)
        let errorPalette = Palette(
            enabled: color.isOn(terminal: environment.stderrIsTerminal, environment: environment))
        for (line, caseDiagnostics) in lines.cases {
            results(line)
            if !caseDiagnostics.isEmpty {
                output.standardError(Tool.render(.diagnostics(caseDiagnostics), palette: errorPalette))
            }
        }
        results(trailer + lines.summary)
        return []
    }
}
