import Testing

@testable import ContractEngine

/// The text and GitHub reports, from results made by hand.
@Suite("text and GitHub reports")
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
}
