import Testing

@testable import ContractEngine

/// The text, GitHub and JUnit reports, from results made by hand.
@Suite("text, GitHub and JUnit reports")
struct ReportTests {
    static let results = [
        CaseResult(contract: "contracts/a.json", endpoint: "dogpatch.getDogs", caseName: "ok", status: .passed),
        CaseResult(
            contract: "contracts/a.json", endpoint: "dogpatch.getDogs", caseName: "bad, really: yes", status: .failed,
            diagnostics: [
                Diagnostic(
                    .error, "expected 2 elements, decoded 100%", file: "contracts/a.json",
                    position: SourcePosition(line: 3, column: 7)),
                Diagnostic(
                    .warning, "[*].gender: the [Dog] model never reads this key (1 occurrence)",
                    file: "Fixtures/d.json",
                    position: SourcePosition(line: 1, column: 2)),
            ]),
        CaseResult(
            contract: "contracts/b.json", endpoint: nil, caseName: "later", status: .skipped, skipReason: "not yet"),
    ]

    @Test("text: a line a case, the skip reason, and the summary with the warnings counted")
    func text() {
        #expect(
            Report(Self.results).render(.text, palette: Palette(enabled: false)) == """
                PASS  contracts/a.json  ok
                FAIL  contracts/a.json  bad, really: yes
                SKIP  contracts/b.json  later  (not yet)
                1 passed, 1 failed, 0 errors, 1 skipped (1 warning)

                """)
    }

    @Test("github: a workflow command a diagnostic, properties and data escaped, then the summary")
    func github() {
        #expect(
            Report(Self.results).render(.github, palette: Palette(enabled: false)) == """
                ::error file=contracts/a.json,line=3,col=7,title=contracts/a.json%3A bad%2C really%3A yes::expected 2 elements, decoded 100%25
                ::warning file=Fixtures/d.json,line=1,col=2,title=contracts/a.json%3A bad%2C really%3A yes::[*].gender: the [Dog] model never reads this key (1 occurrence)
                1 passed, 1 failed, 0 errors, 1 skipped (1 warning)

                """)
    }

    @Test("colour comes from the palette alone")
    func colour() {
        let colored = Report(Self.results).render(.text, palette: Palette(enabled: true))
        #expect(colored.hasPrefix("\u{1B}[32mPASS \u{1B}[0m contracts/a.json  ok\n"))
    }

    @Test("pinned bytes: a time in seconds on every testcase, testsuite and testsuites, a suite's the sum of its cases")
    func pinned() {
        func result(_ contract: String, _ name: String, _ status: CaseResult.Status, _ ms: Int64) -> CaseResult {
            var result = CaseResult(
                contract: contract, endpoint: nil, caseName: name, status: status,
                diagnostics: status == .failed
                    ? [Diagnostic(.error, "expected 2 elements, decoded 3", file: contract)] : [],
                skipReason: status == .skipped ? "not yet" : nil)
            // 0.4 ms over, so the rounding to milliseconds shows.
            result.duration = .milliseconds(ms) + .microseconds(400)
            return result
        }
        let results = [
            result("contracts/a.json", "ok", .passed, 12),
            result("contracts/a.json", "bad", .failed, 1_250),
            result("contracts/b.json", "later", .skipped, 0),
        ]
        #expect(
            Report(results).render(.junit, palette: Palette(enabled: false)) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="dogpatch-contracts" tests="3" failures="1" errors="0" skipped="1" time="1.262">
                  <testsuite name="contracts/a.json" tests="2" failures="1" errors="0" skipped="0" time="1.262">
                    <testcase classname="contracts/a.json" name="ok" time="0.012"/>
                    <testcase classname="contracts/a.json" name="bad" time="1.250">
                      <failure message="expected 2 elements, decoded 3">contracts/a.json: error: expected 2 elements, decoded 3</failure>
                    </testcase>
                  </testsuite>
                  <testsuite name="contracts/b.json" tests="1" failures="0" errors="0" skipped="1" time="0.000">
                    <testcase classname="contracts/b.json" name="later" time="0.000">
                      <skipped message="not yet"/>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }
}
