import Foundation

// The matrix as a reader sees it: text for a terminal, JSON for a program, Markdown for GitHub's
// step summary. Rows are endpoints, columns releases, oldest first.
extension ReleaseShelf.Matrix {
    /// The releases that would break, oldest first.
    var breaking: [String] {
        releases.filter { release in breaks.contains { $0.release == release } }
    }

    /// The last line: which supported releases would break, or that none would.
    var verdictLine: String {
        let count = breaking.count
        if count == 0 {
            return
                "every supported release accepts every answer (\(releases.count) \(releases.count == 1 ? "release" : "releases"), \(judged) \(judged == 1 ? "answer" : "answers"))"
        }
        return
            "\(count) supported \(count == 1 ? "release" : "releases") would break: \(breaking.joined(separator: ", "))"
    }

    /// The matrix as text: a heading, a row per endpoint, then each break on a line of its own.
    package var text: String {
        var out =
            "release matrix: \(judged) \(judged == 1 ? "answer" : "answers") judged against "
            + "\(releases.count) supported \(releases.count == 1 ? "release" : "releases")"
        out += retired.isEmpty ? "\n" : " (retired: \(retired.joined(separator: ", ")))\n"
        let width = max(8, (endpoints.map(\.count).max() ?? 0) + 2)
        let columns = releases.map { max($0.count, 10) + 2 }
        func row(_ first: String, _ cells: [String]) -> String {
            let line = pad(first, width) + zip(cells, columns).map { pad($0, $1) }.joined()
            return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        out += row("endpoint", releases)
        for (index, endpoint) in endpoints.enumerated() {
            out += row(endpoint, verdicts.map { $0[index].rawValue })
        }
        for line in breaks.map(\.line) { out += line + "\n" }
        for line in notJudged { out += "not judged: \(line)\n" }
        return out + verdictLine + "\n"
    }

    /// The matrix as a JSON document (keys sorted).
    package var json: String {
        let rows = endpoints.enumerated().map { index, endpoint -> JSONValue in
            .object(
                members([
                    ("endpoint", .string(endpoint)),
                    (
                        "verdicts",
                        .object(
                            members(
                                zip(releases, verdicts.map { $0[index] }).map { ($0, JSONValue.string($1.rawValue)) }))
                    ),
                ]))
        }
        let listed = breaks.map { found -> JSONValue in
            .object(
                members([
                    ("change", .string(found.change)), ("endpoint", .string(found.endpoint)),
                    ("path", .string(found.path)), ("release", .string(found.release)),
                    ("source", .string(found.source)),
                ]))
        }
        let document = JSONValue.object(
            members([
                ("breaks", .array(listed.map(node))),
                ("endpoints", .array(rows.map(node))),
                ("judged", .number(String(judged))),
                ("notJudged", .array(notJudged.map { node(.string($0)) })),
                ("releases", .array(releases.map { node(.string($0)) })),
                ("retired", .array(retired.map { node(.string($0)) })),
            ]))
        return document.jsonText + "\n"
    }

    /// Whether a supported release would break.
    package var fails: Bool { !breaks.isEmpty }

    /// A GitHub annotation per break (`::error title=release 1.0.0::...`), for `--format github`.
    package var annotations: String {
        breaks.map { "::error title=release \($0.release)::\($0.line)\n" }.joined()
    }

    /// The matrix as Markdown, for `GITHUB_STEP_SUMMARY`.
    var markdown: String {
        var out = "### Release matrix\n\n**\(verdictLine)**\n\n"
        out += "| endpoint | " + releases.joined(separator: " | ") + " |\n"
        out += "|---|" + releases.map { _ in "---|" }.joined() + "\n"
        for (index, endpoint) in endpoints.enumerated() {
            let cells = verdicts.map { $0[index] == .breaks ? "**break**" : $0[index].rawValue }
            out += "| `\(endpoint)` | " + cells.joined(separator: " | ") + " |\n"
        }
        if !breaks.isEmpty {
            out += "\n" + breaks.map { "- \($0.line)\n" }.joined()
        }
        return out
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func members(_ list: [(String, JSONValue)]) -> [JSONMember] {
        list.map { JSONMember(key: $0.0, keyPosition: .start, value: node($0.1)) }
    }

    private func node(_ value: JSONValue) -> JSONNode { JSONNode(value, at: .start) }
}

extension ReleaseShelf.Matrix {
    /// Appends the matrix, as Markdown, to GitHub's step summary.
    /// - Parameter url: The summary file (`GITHUB_STEP_SUMMARY`).
    /// - Throws: `FileWriteError` when it cannot be appended to.
    package func appendStepSummary(to url: URL) throws(FileWriteError) {
        try AppendedFile.append(markdown, to: url)
    }
}

extension ReleaseShelf.Matrix {
    /// Writes the matrix as JSON to a file, in one step.
    /// - Parameters:
    ///   - url: The file.
    ///   - temporaries: The temporary files the command line's signal handler removes.
    /// - Throws: `FileWriteError` when it cannot be written.
    package func writeJSON(to url: URL, temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError) {
        try AtomicFile.write(json, to: url, temporaries: temporaries)
    }
}
