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
    func write(_ report: Report, location: SuiteLocation) -> [ToolProblem] {
        [(junit, ReportFormat.junit), (json, .json)].compactMap { file, format -> ToolProblem? in
            guard let file else { return nil }
            do throws(FileWriteError) {
                try AtomicFile.write(report.render(format, palette: Palette(enabled: false)), to: location.resolve(file))
                return nil
            } catch {
                return .error("cannot write the \(format.rawValue) report to \"\(file)\": \(error.reason)")
            }
        }
    }
}
