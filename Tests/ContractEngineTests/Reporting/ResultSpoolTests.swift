import ContractCatalogue
import Foundation
import Testing

@testable import ContractEngine

/// Reports written as the results come, read back from a spool rather than held: the same bytes
/// the whole report rendered at once gave, for a run with failures, skips, errors, warnings, a
/// diagnostic several cases share and a contract whose cases come in two runs.
@Suite("reports written as results come")
struct ResultSpoolTests {
    static let shared = Diagnostic(
        .warning, "[*].gender: the [Dog] model never reads this key (2 occurrences)", file: "Fixtures/d.json",
        position: SourcePosition(line: 1, column: 2), path: "[*].gender", code: .unreadKey)

    /// Every field a result has, set somewhere, and the contracts interleaved.
    static var results: [CaseResult] {
        var passed = CaseResult(
            contract: "contracts/a.json", endpoint: "dogpatch.getDogs", caseName: "ok", status: .passed,
            diagnostics: [shared])
        passed.duration = .milliseconds(1234)
        passed.replayed = ReplayedOutcome(outcome: .decoded, queue: .main)
        var live = CaseResult(
            contract: "contracts/b.json", endpoint: nil, caseName: "live \u{7F} one", status: .failed,
            diagnostics: [
                Diagnostic(.error, "expected <2> & \"3\"", file: "contracts/b.json", position: nil),
                Diagnostic(.note, "a note", file: nil),
            ])
        live.url = "https://example.test/dogs?page=1"
        live.duration = .microseconds(2500)
        let error = CaseResult(
            contract: "contracts/a.json", endpoint: "dogpatch.getDogs", caseName: "broken", status: .error,
            diagnostics: [
                Diagnostic(.error, "fixture \"x.json\" does not exist", file: "contracts/a.json", position: .start)
            ])
        let skipped = CaseResult(
            contract: "contracts/c.json", endpoint: "countries.all", caseName: "later", status: .skipped,
            diagnostics: [shared], skipReason: "not yet")
        return [passed, live, error, skipped]
            + (0..<40).map {
                CaseResult(contract: "contracts/d.json", endpoint: nil, caseName: "case \($0) ✓", status: .passed)
            }
    }

    @Test("a result read back from the spool is the result written, every field of it")
    func roundTrip() {
        let spool = ResultSpool()
        spool.append(contentsOf: Self.results)
        #expect(spool.all == Self.results)
        #expect(spool.all.map(\.replayed) == Self.results.map(\.replayed))
        #expect(spool.summary == Summary(Self.results))
    }

    @Test("a spool past its first block on disk reads back every result in order")
    func manyBlocks() {
        let spool = ResultSpool()
        let many = (0..<5000).map {
            CaseResult(
                contract: "contracts/\($0 / 700).json", endpoint: nil, caseName: String(repeating: "n", count: $0 % 90),
                status: $0 % 7 == 0 ? .failed : .passed)
        }
        spool.append(contentsOf: many)
        #expect(spool.count == 5000)
        #expect(spool.all == many)
    }

    @Test("JSON written a result at a time is the bytes one encoding of the whole report gives")
    func jsonIsTheWholeEncoding() throws {
        let streamed = Report(Self.results).render(.json)
        let whole = WholeJSONReport(
            results: Self.results.map(JSONReport.result),
            summary: JSONReport(summary: Summary(Self.results), coverage: nil).summary)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(whole), as: UTF8.self)
        let escaped = VisibleText.rewriting(text) { scalar in
            (0x7F...0x9F).contains(scalar.value) ? CodingPath.unicodeEscape(scalar) : nil
        }
        #expect(streamed == escaped + "\n")
    }

    @Test("JUnit groups a contract whose cases come in two runs into one suite, first-seen order, times summed")
    func junitGroupsContracts() {
        let junit = Report(Self.results).render(.junit)
        let suites = junit.split(separator: "\n").filter { $0.hasPrefix("  <testsuite ") }
        #expect(suites.count == 4)
        #expect(
            suites.first
                == #"  <testsuite name="contracts/a.json" tests="2" failures="0" errors="1" skipped="0" time="1.234">"#)
        #expect(
            junit.contains(
                #"<testsuites name="dogpatch-contracts" tests="44" failures="1" errors="1" skipped="1" time="1.237">"#))
        let broken = junit.range(of: "name=\"broken\"")
        let live = junit.range(of: "name=\"live")
        #expect(broken != nil && live != nil && broken!.lowerBound < live!.lowerBound)
    }

    @Test("text: a shared diagnostic once, under the first case, with a note naming every case that has it")
    func textSharedDiagnostic() {
        var printed: [(String, [Diagnostic])] = []
        let summary = Report(Self.results).forEachTextLine(color: false) { printed.append(($0, $1)) }
        #expect(printed.count == 44)
        #expect(printed[0].1.count == 2)
        #expect(printed[0].1.last?.message == "the same for 2 cases: contracts/a.json › ok, contracts/c.json › later")
        #expect(printed[3].1.isEmpty)
        #expect(summary == "41 passed, 1 failed, 1 error, 1 skipped (2 warnings)\n")
        let quiet = Report(Self.results).forEachTextLine(color: false, quiet: true) { line, _ in
            #expect(!line.contains("case 3 ✓"))
        }
        #expect(quiet == summary)
    }
}

/// The JSON report as one value, as it was encoded before it was written a result at a time.
private struct WholeJSONReport: Encodable {
    let results: [JSONReport.Result]
    let summary: JSONReport.Counts
    let version = 1
}
