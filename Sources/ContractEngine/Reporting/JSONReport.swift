import ContractCatalogue
import Foundation

/// The JSON report (`--format json`, `--json FILE`), encoded with sorted keys a result at a time:
/// `{"version":1,"summary":{...},"results":[...],"coverage":{...}}` as DESIGN section 5 gives it.
struct JSONReport {
    struct Counts: Encodable {
        let contracts, cases, passed, failed, errors, skipped, warnings: Int
    }

    struct Result: Encodable {
        let contract: String
        /// Written as `null` for a fixture contract, never left out.
        let endpoint: String?
        let name: String
        let status: String
        let skipReason: String?
        let url: String?
        let diagnostics: [Problem]

        enum CodingKeys: String, CodingKey {
            case contract, endpoint
            case name = "case"
            case status, skipReason, url, diagnostics
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(contract, forKey: .contract)
            try container.encode(endpoint, forKey: .endpoint)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(skipReason, forKey: .skipReason)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encode(diagnostics, forKey: .diagnostics)
        }
    }

    struct Problem: Encodable {
        let severity: String
        let message: String
        let file: String?
        let line: Int?
        let column: Int?
        let path: String?
    }

    let version = 1
    let summary: Counts
    /// Per endpoint, the number of replayed cases reaching each outcome and queue; with `--coverage`.
    let coverage: [String: [String: Int]]?
    /// With the coverage: which part of the suite it counts and which run it is,
    /// `{"run": "...", "shard": "2/4", "wholeSuite": true}`.
    let selection: Selection?

    struct Selection: Encodable {
        let shard: String?
        let wholeSuite: Bool
        /// The run's identity: every shard of one run carries the same.
        let run: String?
    }

    init(summary: Summary, coverage: CoverageMatrix?, selection: Report.Selection? = nil) {
        self.summary = Counts(
            contracts: summary.contracts, cases: summary.cases, passed: summary.passed, failed: summary.failed,
            errors: summary.errors, skipped: summary.skipped, warnings: summary.warnings
        )
        self.coverage = coverage?.counts
        self.selection =
            coverage == nil
            ? nil
            : selection.map { selection in
                Selection(
                    shard: selection.shard.map { "\($0.index)/\($0.count)" }, wholeSuite: selection.whole,
                    run: selection.run)
            }
    }

    /// One result as the report writes it.
    static func result(_ result: CaseResult) -> Result {
        Result(
            contract: result.contract, endpoint: result.endpoint, name: result.caseName,
            status: result.status.rawValue,
            skipReason: result.skipReason, url: result.url,
            diagnostics: result.diagnostics.map {
                Problem(
                    severity: $0.severity.rawValue, message: $0.message, file: $0.file, line: $0.position?.line,
                    column: $0.position?.column, path: $0.path)
            }
        )
    }

    /// Writes the report a piece at a time, each result as it is read back: compact, keys sorted,
    /// one line, the bytes one `JSONEncoder` pass over the whole report would give
    /// (`{"coverage":...,"results":[...],"selection":...,"summary":...,"version":1}`).
    /// - Parameters:
    ///   - results: The results.
    ///   - out: Takes each piece, in order.
    func write(_ results: ResultSpool, to out: (String) -> Void) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func text(_ value: some Encodable) -> String {
            guard let data = try? encoder.encode(value) else { return "{}" }
            // Foundation escapes C0 controls but leaves DEL and C1 (0x9B opens a terminal sequence)
            // raw; the tool escapes them in every format. Outside strings the text is plain ASCII.
            return VisibleText.rewriting(String(decoding: data, as: UTF8.self)) { scalar in
                (0x7F...0x9F).contains(scalar.value) ? CodingPath.unicodeEscape(scalar) : nil
            }
        }
        out("{")
        if let coverage { out("\"coverage\":" + text(coverage) + ",") }
        out("\"results\":[")
        var first = true
        results.readBack { result in
            out((first ? "" : ",") + text(Self.result(result)))
            first = false
        }
        out("]")
        if let selection { out(",\"selection\":" + text(selection)) }
        out(",\"summary\":" + text(summary) + ",\"version\":\(version)}\n")
    }
}
