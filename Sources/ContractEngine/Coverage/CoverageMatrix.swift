import ContractCatalogue
import Foundation

/// Per endpoint, how many replayed cases reach each outcome and each response queue.
package struct CoverageMatrix: Sendable {
    struct Row: Sendable {
        let endpoint: String
        /// Whether the endpoint can answer `invalidRequest` (it has a required argument).
        let canBeInvalid: Bool
        /// Whether its client is async, so the tool, not the client, picks the queue.
        let isAsync: Bool
        /// The outcomes its rules can reach from a response, each once.
        let reachable: Set<CoverageOutcome>

        init(_ endpoint: Endpoint) {
            self.endpoint = endpoint.name
            canBeInvalid = endpoint.parameters.contains(where: \.isRequired)
            isAsync = endpoint.isAsync
            reachable = Self.reachable(by: endpoint)
        }
        var outcomes: [CoverageOutcome: Int] = [:]
        var queues: [ResponseQueue: Int] = [:]

        /// The columns this endpoint is expected to reach: those its rules can reach, and an
        /// error before sending where it has a required argument or a case reaches one.
        var columns: [CoverageOutcome] {
            CoverageOutcome.allCases.filter { outcome in
                outcome == .invalidRequest
                    ? canBeInvalid || outcomes[outcome] != nil : reachable.contains(outcome) || outcomes[outcome] != nil
            }
        }

        /// What an endpoint's rules can make of a response: a body is read only where a 2xx
        /// decodes (never for a call that returns nothing), and an empty body that ends in the
        /// undecodable error is counted with it, once.
        private static func reachable(by endpoint: Endpoint) -> Set<CoverageOutcome> {
            var outcomes: Set<CoverageOutcome> = [.decoded, .unsuccessful4xx, .unsuccessful5xx, .unsuccessfulNetwork]
            let rules = endpoint.rules
            let readsBody = endpoint.model.readsBody && (200...299).contains { rules.ending(forStatus: $0) == .decodes }
            guard readsBody else { return outcomes }
            outcomes.insert(.jsonConversionFailure)
            let emptyIsOwn = rules.emptyBody.errorName.map { $0 != rules.undecodable } ?? false
            if emptyIsOwn || rules.unacceptedContentType != nil { outcomes.insert(.invalidData) }
            return outcomes
        }
    }

    private(set) var rows: [Row]
    /// How the table and messages name the outcomes.
    let labels: Labels

    /// Counts the results' replayed outcomes for the endpoints given.
    /// - Parameters:
    ///   - results: A run's results.
    ///   - endpoints: The endpoints the matrix has a row for, in order.
    init(_ results: [CaseResult], endpoints: [Endpoint]) {
        labels = Labels(endpoints)
        rows = endpoints.map(Row.init)
        for result in results {
            guard let replayed = result.replayed, let index = rows.firstIndex(where: { $0.endpoint == result.endpoint })
            else { continue }
            if let outcome = replayed.outcome { rows[index].outcomes[outcome, default: 0] += 1 }
            // A flow's earlier exchanges count too: each is an answer its client met.
            for step in replayed.steps { rows[index].outcomes[step, default: 0] += 1 }
            rows[index].queues[replayed.queue, default: 0] += 1
        }
    }

    /// A matrix from the `"coverage"` of JSON reports, summed: the shards of one suite together.
    /// - Parameters:
    ///   - reports: Each report's counts, by endpoint and column key.
    ///   - endpoints: The endpoints the matrix has a row for, in order.
    init(adding reports: [[String: [String: Int]]], endpoints: [Endpoint]) {
        labels = Labels(endpoints)
        rows = endpoints.map(Row.init)
        for counts in reports {
            for (index, row) in rows.enumerated() {
                guard let cells = counts[row.endpoint] else { continue }
                for outcome in CoverageOutcome.allCases where (cells[outcome.key] ?? 0) > 0 {
                    rows[index].outcomes[outcome, default: 0] += cells[outcome.key] ?? 0
                }
                for (queue, key) in [(ResponseQueue.main, "mainQueue"), (.private, "privateQueue")]
                where (cells[key] ?? 0) > 0 {
                    rows[index].queues[queue, default: 0] += cells[key] ?? 0
                }
            }
        }
    }

    /// Every endpoint and outcome (or queue) no case reaches, in words.
    var gaps: [String] {
        gaps(requiring: Set(Column.allCases))
    }

    /// Every endpoint and required outcome (or queue) no case reaches, in words.
    /// - Parameter required: The columns a team requires; the others are never a gap.
    /// - Returns: A line a gap, endpoint by endpoint.
    func gaps(requiring required: Set<Column>) -> [String] {
        rows.flatMap { gaps(of: $0, requiring: required) }
    }

    private func gaps(of row: Row, requiring required: Set<Column>) -> [String] {
        row.columns.filter { row.outcomes[$0] == nil && required.contains(Column($0)) }.map {
            "\(row.endpoint): no replayed case reaches \(labels.names[$0] ?? $0.rawValue)"
        }
            // An async client's result is delivered by the tool, on the queue the contract names:
            // no queue says anything of the client, so none is required of it.
            + [ResponseQueue.main, .private].filter {
                !row.isAsync && row.queues[$0] == nil && required.contains(Column($0))
            }.map {
                "\(row.endpoint): no replayed case runs on the \($0.rawValue) queue"
            }
    }

    /// The name results give the coverage requirement, in the place of a contract file.
    static let resultName = "(coverage)"

    /// One failed result an endpoint with gaps, so that `--require-coverage` shows in every
    /// report (text, JSON, JUnit, GitHub annotations and the step summary) as a failure.
    var gapResults: [CaseResult] {
        gapResults(requiring: Set(Column.allCases))
    }

    /// One failed result an endpoint with gaps among the required columns.
    /// - Parameter required: The columns a team requires.
    /// - Returns: The failed results, in the matrix's order.
    package func gapResults(requiring required: Set<Column>) -> [CaseResult] {
        rows.compactMap { row in
            let gaps = gaps(of: row, requiring: required)
            guard !gaps.isEmpty else { return nil }
            return CaseResult(
                contract: Self.resultName, endpoint: row.endpoint, caseName: "\(row.endpoint) coverage",
                status: .failed,
                diagnostics: gaps.map { Diagnostic(.error, $0, file: nil) }
            )
        }
    }

    /// The matrix as a table: a row an endpoint, the number of cases in each cell, `-` for none,
    /// and `n/a` for `invalidRequest` where the endpoint cannot give it.
    package var text: String {
        let headers = Column.allCases.map { column in
            CoverageOutcome.allCases.first { Column($0) == column }.flatMap { labels.heads[$0] } ?? column.rawValue
        }
        let nameWidth = max(8, (rows.map(\.endpoint.count).max() ?? 0)) + 2
        var out =
            "coverage".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + headers.joined(separator: "  ")
            + "\n"
        for row in rows {
            var cells = CoverageOutcome.allCases.map { outcome -> String in
                if !row.columns.contains(outcome) { return "n/a" }
                return row.outcomes[outcome].map(String.init) ?? "-"
            }
            cells += [ResponseQueue.main, .private].map { row.queues[$0].map(String.init) ?? "-" }
            out +=
                row.endpoint.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                + zip(cells, headers).map { cell, header in
                    cell.padding(toLength: header.count, withPad: " ", startingAt: 0)
                }.joined(separator: "  ")
            while out.hasSuffix(" ") { out.removeLast() }
            out += "\n"
        }
        return out
    }

    /// The matrix for the JSON report: per endpoint, the count of cases for each outcome and queue
    /// (`invalidRequest` only where the endpoint can give it).
    var counts: [String: [String: Int]] {
        var matrix: [String: [String: Int]] = [:]
        for row in rows {
            var cells: [String: Int] = ["mainQueue": row.queues[.main] ?? 0, "privateQueue": row.queues[.private] ?? 0]
            for column in row.columns { cells[column.key] = row.outcomes[column] ?? 0 }
            matrix[row.endpoint] = cells
        }
        return matrix
    }
}
