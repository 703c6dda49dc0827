import Foundation

/// Renders results in every format. Output depends only on the results, never on the order cases
/// finished in, so it is the same bytes whatever `--jobs` was, but for the run times JUnit's `time`
/// attributes carry.
package struct Report {
    /// The results, read back in order by each rendering, never all in memory at once.
    let results: ResultSpool
    package let summary: Summary
    /// The coverage matrix, carried by the JSON report as `"coverage"` when asked for.
    package var coverage: CoverageMatrix?
    /// The tool's name, as JUnit's `<testsuites>`, GitHub's notices and the step summary give it.
    package var tool = "dogpatch-contracts"
    /// Which part of the suite the run took, carried with the coverage so that the reports of
    /// every shard can be checked together (`dogpatch-contracts coverage`).
    var selection: Selection?

    /// Which part of the suite a run took.
    struct Selection: Sendable {
        /// The shard, when one.
        var shard: (index: Int, count: Int)?
        /// Whether no PATH or filter narrowed the suite.
        var whole: Bool
        /// What identifies the run, the same in every shard of it.
        var run: String?

        /// Creates one with every property given.
        init(shard: (index: Int, count: Int)?, whole: Bool, run: String? = nil) {
            self.shard = shard
            self.whole = whole
            self.run = run
        }
    }

    package init(_ results: [CaseResult]) {
        let spool = ResultSpool()
        spool.append(contentsOf: results)
        self.init(spool: spool)
    }

    /// A report of the results a run added to a spool as they came.
    /// - Parameter spool: The results.
    init(spool: ResultSpool) {
        results = spool
        summary = spool.summary
    }

    /// Whether a case could not be run as the contract says (its contract, fixture or request is
    /// in error): what makes a run invalid.
    package var hasErrors: Bool { summary.errors > 0 }
    /// Whether a case ran and did not get what its contract expects.
    package var hasFailures: Bool { summary.failed > 0 }
    /// Whether the run has no result at all.
    package var isEmpty: Bool { summary.cases == 0 }
    /// Whether every result was skipped (`true` for none).
    package var isAllSkipped: Bool { summary.skipped == summary.cases }

    /// Renders the results for people (text), for tools (JSON, JUnit) or for GitHub's annotations.
    /// The text depends only on the results, never on the order cases finished in, so a run gives
    /// the same bytes whatever `--jobs`. Without colour, as files and pipes take it.
    /// - Parameter format: The format.
    /// - Returns: The report.
    package func render(_ format: Format) -> String {
        render(format, palette: Palette(enabled: false))
    }

    /// Writes the results as `render(_:)` renders them, a piece at a time as they are read back.
    /// - Parameters:
    ///   - format: The format.
    ///   - out: Takes each piece, in order.
    package func write(_ format: Format, to out: (String) -> Void) {
        write(format, palette: Palette(enabled: false), to: out)
    }

    /// Renders the results in a format, in a palette.
    /// - Parameters:
    ///   - format: The format.
    ///   - palette: Colours, for the text format on a terminal.
    /// - Returns: The report.
    func render(_ format: Format, palette: Palette) -> String {
        var text = ""
        write(format, palette: palette) { text += $0 }
        return text
    }

    /// Writes the report a piece at a time, as it reads the results back: the same bytes as
    /// `render`, without the whole text in memory.
    /// - Parameters:
    ///   - format: The format.
    ///   - palette: Colours, for the text format on a terminal.
    ///   - out: Takes each piece, in order.
    func write(_ format: Format, palette: Palette, to out: (String) -> Void) {
        switch format {
        case .text: text(palette: palette, to: out)
        case .json: JSONReport(summary: summary, coverage: coverage, selection: selection).write(results, to: out)
        case .junit: junit(to: out)
        case .github: github(to: out)
        }
    }

    /// Every case's diagnostics, in result order, for standard error: a diagnostic several cases
    /// share (one fixture three cases read) comes once, under the first, with a note naming them all.
    package func caseDiagnostics() -> [Diagnostic] {
        var shared = SharedDiagnostics(results)
        var all: [Diagnostic] = []
        results.readBack { all += shared.diagnostics(of: $0) }
        return all
    }

    // MARK: text

    /// The text report a piece at a time: each case's line with the diagnostics to print under it
    /// (as `caseDiagnostics()` gives them), in result order; then the summary line that ends it.
    /// - Parameters:
    ///   - color: Whether to colour the lines (for a terminal).
    ///   - quiet: Whether to leave out the lines of passed and skipped cases with nothing printed
    ///     under them, so that a long run shows only what needs reading.
    ///   - line: Called with each case's line and its diagnostics.
    /// - Returns: The summary line.
    package func forEachTextLine(
        color: Bool, quiet: Bool = false, _ line: (String, [Diagnostic]) -> Void
    ) -> String {
        forEachTextLine(palette: Palette(enabled: color), quiet: quiet, line)
    }

    func forEachTextLine(palette: Palette, quiet: Bool = false, _ line: (String, [Diagnostic]) -> Void) -> String {
        var shared = SharedDiagnostics(results)
        results.readBack { result in
            let diagnostics = shared.diagnostics(of: result)
            let routine = result.status == .passed || result.status == .skipped
            // A passed case's warnings stay under its line, so the line stays too.
            if quiet, routine, diagnostics.isEmpty { return }
            line(Self.caseLine(result, palette: palette), diagnostics)
        }
        return summary.line + "\n"
    }

    /// One line a case: its status, contract and name, and the URL or the skip reason.
    private static func caseLine(_ result: CaseResult, palette: Palette) -> String {
        let (label, color): (String, Palette.Color) =
            switch result.status {
            case .passed: ("PASS ", .green)
            case .failed: ("FAIL ", .red)
            case .error: ("ERROR", .red)
            case .skipped: ("SKIP ", .yellow)
            }
        var line =
            palette.paint(label, color) + " " + VisibleText.escaped(result.contract) + "  "
            + VisibleText.escaped(result.caseName)
        if let url = result.url { line += palette.paint("  " + VisibleText.escaped(url), .dim) }
        if let reason = result.skipReason { line += palette.paint("  (\(VisibleText.escaped(reason)))", .dim) }
        return line + "\n"
    }

    private func text(palette: Palette, to out: (String) -> Void) {
        results.readBack { out(Self.caseLine($0, palette: palette)) }
        out(summary.line + "\n")
    }

    // MARK: junit

    /// JUnit XML: a `<testsuite>` a contract, a `<testcase>` a case. Every element carries a `time`
    /// in seconds: a case's own, to the millisecond, and a suite's the sum of its cases' as shown.
    private func junit(to out: (String) -> Void) {
        // One pass for each contract's counts and time, then one for its cases, which may come in
        // more than one run of the results.
        var order: [String] = []
        var byContract: [String: (counts: Summary, milliseconds: Int64, segments: [ResultSpool.Segment])] = [:]
        for segment in results.segments {
            if byContract[segment.contract] == nil { order.append(segment.contract) }
            byContract[segment.contract, default: (Summary([]), 0, [])].segments.append(segment)
        }
        var total: Int64 = 0
        results.readBack { result in
            total += result.milliseconds
            byContract[result.contract]?.counts.add(result, isNewContract: false)
            byContract[result.contract]?.milliseconds += result.milliseconds
        }
        out("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out(
            "<testsuites name=\"\(Self.xml(tool))\" tests=\"\(summary.cases)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors)\" skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(milliseconds: total))\">\n"
        )
        for contract in order {
            guard let (counts, milliseconds, segments) = byContract[contract] else { continue }
            out(
                "  <testsuite name=\"\(Self.xml(contract))\" tests=\"\(counts.cases)\" failures=\"\(counts.failed)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"\(Self.seconds(milliseconds: milliseconds))\">\n"
            )
            for segment in segments {
                results.read(segment) { out(Self.junitCase($0)) }
            }
            out("  </testsuite>\n")
        }
        out("</testsuites>\n")
    }

    /// One `<testcase>` element.
    private static func junitCase(_ result: CaseResult) -> String {
        let contract = result.contract
        let head =
            "    <testcase classname=\"\(xml(contract))\" name=\"\(xml(result.caseName))\" time=\"\(seconds(milliseconds: result.milliseconds))\""
        let details = result.diagnostics.map(\.rendered).joined(separator: "\n")
        let first =
            result.diagnostics.first { $0.severity == .error }?.message ?? result.diagnostics.first?.message ?? ""
        var body =
            result.url.map { "      <properties><property name=\"url\" value=\"\(xml($0))\"/></properties>\n" } ?? ""
        switch result.status {
        case .passed:
            break
        case .skipped:
            body += "      <skipped message=\"\(xml(result.skipReason ?? ""))\"/>\n"
        case .failed, .error:
            let tag = result.status == .failed ? "failure" : "error"
            body += "      <\(tag) message=\"\(xml(first))\">\(xml(details))</\(tag)>\n"
        }
        return head + (body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n")
    }

    /// The results' time, the sum of their milliseconds, in seconds: `0.012`.
    static func seconds(_ results: [CaseResult]) -> String {
        seconds(milliseconds: results.reduce(0) { $0 + $1.milliseconds })
    }

    /// Milliseconds in seconds: `0.012`.
    static func seconds(milliseconds: Int64) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Escapes text for XML, dropping characters XML 1.0 cannot hold.
    static func xml(_ text: String) -> String {
        VisibleText.rewriting(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            // As character references, so attribute values keep them: a parser turns raw ones into spaces.
            case "\n": "&#10;"
            case "\r": "&#13;"
            case "\t": "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: "\u{FFFD}"
            default: nil
            }
        }
    }

    // MARK: github

    /// GitHub shows at most this many error and this many warning annotations a step.
    static let githubAnnotationLimit = 10

    /// Workflow commands: the first ten errors and the first ten warnings, in report order, and a
    /// notice counting the rest, which GitHub would drop without a word.
    private func github(to out: (String) -> Void) {
        var shown: [Diagnostic.Severity: Int] = [:]
        var omitted: [Diagnostic.Severity: Int] = [:]
        results.readBack { result in
            for diagnostic in result.diagnostics where diagnostic.severity != .note {
                guard shown[diagnostic.severity, default: 0] < Self.githubAnnotationLimit else {
                    omitted[diagnostic.severity, default: 0] += 1
                    continue
                }
                shown[diagnostic.severity, default: 0] += 1
                var properties: [String] = []
                if let file = diagnostic.file { properties.append("file=" + Self.githubProperty(file)) }
                if let position = diagnostic.position {
                    properties.append("line=\(position.line)")
                    properties.append("col=\(position.column)")
                }
                let title = "\(result.contract): \(result.caseName)" + (result.url.map { " (\($0))" } ?? "")
                properties.append("title=" + Self.githubProperty(title))
                out(
                    "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(Self.githubData(diagnostic.message))\n"
                )
            }
        }
        let hidden = [Diagnostic.Severity.error, .warning].compactMap { severity -> String? in
            guard let count = omitted[severity] else { return nil }
            return "\(count) more \(count == 1 ? severity.rawValue : severity.rawValue + "s")"
        }
        if !hidden.isEmpty {
            out(
                "::notice title=\(Self.githubProperty(tool))::\(hidden.joined(separator: " and ")) not annotated: "
                    + "GitHub shows \(Self.githubAnnotationLimit) of each a step, and standard error lists every one\n")
        }
        out(summary.line + "\n")
    }

    static func githubData(_ text: String) -> String {
        VisibleText.escaped(text).replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
