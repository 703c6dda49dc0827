import ContractEngine
import Foundation

/// The report files `--junit FILE` and `--json FILE` ask for, written beside the printed report.
struct ReportFiles: Sendable {
    var junit: String?
    var json: String?

    /// Writes them; a file that cannot be written is an error, and the run exits 2.
    /// - Parameters:
    ///   - report: The report.
    ///   - environment: Where relative paths start, and the temporary files to clean on a signal.
    /// - Returns: The problems, one per file that could not be written.
    func write(_ report: Report, environment: ToolEnvironment) -> [ToolProblem] {
        let location = environment.location
        return [(junit, Report.Format.junit), (json, .json)].compactMap { file, format -> ToolProblem? in
            guard let file else { return nil }
            do throws(FileWriteError) {
                try report.write(format, to: location.resolve(file), temporaries: environment.temporaryFiles)
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
