import ContractTestSupport
import Foundation
import Testing

/// Names and positions as every format prints them.
@Suite("escaping and positions, end to end")
struct EscapingTests {
    /// A case named with a newline, ESC (a colour code), CR and TAB, that fails.
    static let contract =
        #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "two\nlines\u001b[31mred\r\tend", "response": {"status": 500}, "expect": {"error": "invalidData"}}]}"#

    @Test("control characters in names are escaped in every format", arguments: ["text", "github", "junit", "json"])
    func controlCharacters(format: String) throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/c.json", Self.contract)
        let run = try folder.run(["verify", "--format", format])
        #expect(run.status == 1)
        let printed = run.stdout + run.stderr
        #expect(
            !printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D || $0.value == 0x09 },
            "\(printed.debugDescription)")
        switch format {
        case "text":
            #expect(run.cases("FAIL") == [#"FAIL  contracts/c.json  two\nlines\u001b[31mred\r\tend"#])
        case "junit":
            #expect(run.stdout.contains(#"name="two&#10;lines"#))
            #expect(run.stdout.contains("red&#13;&#9;end"))
        case "github":
            #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }.count == 1)
        default:
            #expect(run.stdout.contains(#""case":"two\nlines\u001b[31mred\r\tend""#))
        }
    }

    @Test("list escapes names too")
    func listEscapes() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/c.json", Self.contract)
        let run = try folder.run(["list", "--cases"])
        #expect(
            run.stdout
                == "contract          endpoint          model  cases  recorded\ncontracts/c.json  dogpatch.getDogs  [Dog]  1      0\n  two\\nlines\\u001b[31mred\\r\\tend\n"
        )
    }

    @Test("with a byte-order mark, unread-key and decode-error columns count the same way")
    func bomColumns() throws {
        let folder = try SuiteFolder()
        let bom = Data([0xEF, 0xBB, 0xBF])
        try folder.write("Fixtures/extra.json", bom + Data(#"[{"name": {"common": "X"}, "zz": 1}]"#.utf8))
        try folder.write("Fixtures/bad.json", bom + Data(#"[{"name": {"common": "X"}, "area": "big"}]"#.utf8))
        try folder.write(
            "contracts/c.json",
            #"{"model": "[Country]", "cases": [{"name": "extra", "response": {"fixture": "extra.json"}, "expect": {"decodes": true}}, {"name": "bad", "response": {"fixture": "bad.json"}, "expect": {"decodes": true}}]}"#
        )
        let run = try folder.run(["verify"])
        #expect(run.stderr.contains("Fixtures/extra.json:1:28: warning: [*].zz:"), "\(run.stderr)")
        #expect(run.stderr.contains("Fixtures/bad.json:1:36: error: [0].area:"), "\(run.stderr)")
    }
}
