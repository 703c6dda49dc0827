import Foundation

/// Renders results in every format. Output depends only on the results, never on the order cases
/// finished in, so it is the same bytes whatever `--jobs` was, but for the run times JUnit's `time`
/// attributes carry.
package struct Report {
    let results: [CaseResult]
    package let summary: Summary
    /// The coverage matrix, carried by the JSON report as `"coverage"` when asked for.
    package var coverage: CoverageMatrix?
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
        self.results = results
        summary = Summary(results)
    }

    /// Whether a case could not be run as the contract says (its contract, fixture or request is
    /// in error): what makes a run invalid.
    package var hasErrors: Bool { summary.errors > 0 }
    /// Whether a case ran and did not get what its contract expects.
    package var hasFailures: Bool { summary.failed > 0 }

    /// Renders the results for people (text), for tools (JSON, JUnit) or for GitHub's annotations.
    /// The text depends only on the results, never on the order cases finished in, so a run gives
    /// the same bytes whatever `--jobs`. Without colour, as files and pipes take it.
    /// - Parameter format: The format.
    /// - Returns: The report.
    package func render(_ format: Format) -> String {
        render(format, palette: Palette(enabled: false))
    }

    /// Renders the results in a format, in a palette.
    /// - Parameters:
    ///   - format: The format.
    ///   - palette: Colours, for the text format on a terminal.
    /// - Returns: The report.
    func render(_ format: Format, palette: Palette) -> String {
        switch format {
        case .text: text(palette: palette)
        case .json: json()
        case .junit: junit()
        case .github: github()
        }
    }

    /// Each case's diagnostics, in result order, for standard error: a diagnostic several cases
    /// share (one fixture three cases read) comes once, under the first, with a note naming them all.
    package func caseDiagnostics() -> [[Diagnostic]] {
        // Each diagnostic rendered once: the rendering is both its identity and what is compared.
        let rendered = results.map { $0.diagnostics.map { ($0, $0.rendered) } }
        var readers: [String: [String]] = [:]
        for (result, lines) in zip(results, rendered) {
            for line in Set(lines.map(\.1)) {
                readers[line, default: []].append("\(result.contract) › \(result.caseName)")
            }
        }
        var printed: Set<String> = []
        return rendered.map { lines in
            lines.flatMap { diagnostic, line -> [Diagnostic] in
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

    // MARK: text

    /// The text report in pieces: each case's line with the diagnostics to print under it
    /// (`caseDiagnostics()`), and the summary line that ends it.
    /// - Parameters:
    ///   - color: Whether to colour them (for a terminal).
    ///   - quiet: Whether to leave out the lines of passed and skipped cases with nothing printed
    ///     under them, so that a long run shows only what needs reading.
    /// - Returns: The cases' lines, in result order, and the summary line.
    package func textLines(color: Bool, quiet: Bool = false) -> (
        cases: [(line: String, diagnostics: [Diagnostic])], summary: String
    ) {
        textLines(palette: Palette(enabled: color), quiet: quiet)
    }

    /// The text report as its case lines and summary line, in a palette.
    /// - Parameters:
    ///   - palette: Colours, for a terminal.
    ///   - quiet: Whether to leave out the routine lines.
    /// - Returns: The cases' lines, in result order, and the summary line.
    func textLines(palette: Palette, quiet: Bool = false) -> (
        cases: [(line: String, diagnostics: [Diagnostic])], summary: String
    ) {
        let cases = zip(caseLines(palette: palette), zip(results, caseDiagnostics())).compactMap {
            line, item -> (line: String, diagnostics: [Diagnostic])? in
            let (result, diagnostics) = item
            let routine = result.status == .passed || result.status == .skipped
            // A passed case's warnings stay under its line, so the line stays too.
            if quiet, routine, diagnostics.isEmpty { return nil }
            return (line, diagnostics)
        }
        return (cases, summary.line + "\n")
    }

    /// One line a case: its status, contract and name, and the URL or the skip reason.
    private func caseLines(palette: Palette) -> [String] {
        results.map { result in
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
    }

    private func text(palette: Palette) -> String {
        caseLines(palette: palette).joined() + summary.line + "\n"
    }

    // MARK: json

    /// The report as one JSON object; see `JSONReport`.
    private func json() -> String {
        JSONReport(results, summary: summary, coverage: coverage, selection: selection).text
    }

    // MARK: junit

    /// JUnit XML: a `<testsuite>` a contract, a `<testcase>` a case. Every element carries a `time`
    /// in seconds: a case's own, to the millisecond, and a suite's the sum of its cases' as shown.
    private func junit() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"dogpatch-contracts\" tests=\"\(summary.cases)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors)\" skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(results))\">\n"
        var order: [String] = []
        var byContract: [String: [CaseResult]] = [:]
        for result in results {
            if byContract[result.contract] == nil { order.append(result.contract) }
            byContract[result.contract, default: []].append(result)
        }
        for contract in order {
            let cases = byContract[contract] ?? []
            let counts = Summary(cases)
            out +=
                "  <testsuite name=\"\(Self.xml(contract))\" tests=\"\(counts.cases)\" failures=\"\(counts.failed)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"\(Self.seconds(cases))\">\n"
            for result in cases {
                out +=
                    "    <testcase classname=\"\(Self.xml(contract))\" name=\"\(Self.xml(result.caseName))\" time=\"\(Self.seconds([result]))\""
                let details = result.diagnostics.map(\.rendered).joined(separator: "\n")
                let first =
                    result.diagnostics.first { $0.severity == .error }?.message ?? result.diagnostics.first?.message
                    ?? ""
                var body =
                    result.url.map {
                        "      <properties><property name=\"url\" value=\"\(Self.xml($0))\"/></properties>\n"
                    } ?? ""
                switch result.status {
                case .passed:
                    break
                case .skipped:
                    body += "      <skipped message=\"\(Self.xml(result.skipReason ?? ""))\"/>\n"
                case .failed, .error:
                    let tag = result.status == .failed ? "failure" : "error"
                    body += "      <\(tag) message=\"\(Self.xml(first))\">\(Self.xml(details))</\(tag)>\n"
                }
                out += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// The results' time, the sum of their milliseconds, in seconds: `0.012`.
    static func seconds(_ results: [CaseResult]) -> String {
        let milliseconds = results.reduce(0) { $0 + $1.milliseconds }
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
    private func github() -> String {
        var out = ""
        var shown: [Diagnostic.Severity: Int] = [:]
        var omitted: [Diagnostic.Severity: Int] = [:]
        for result in results {
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
                out +=
                    "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(Self.githubData(diagnostic.message))\n"
            }
        }
        let hidden = [Diagnostic.Severity.error, .warning].compactMap { severity -> String? in
            guard let count = omitted[severity] else { return nil }
            return "\(count) more \(count == 1 ? severity.rawValue : severity.rawValue + "s")"
        }
        if !hidden.isEmpty {
            out +=
                "::notice title=dogpatch-contracts::\(hidden.joined(separator: " and ")) not annotated: "
                + "GitHub shows \(Self.githubAnnotationLimit) of each a step, and standard error lists every one\n"
        }
        return out + summary.line + "\n"
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
