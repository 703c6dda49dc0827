import Foundation
import Testing

@testable import ContractEngine

/// `ContractEditor` and `CaseTemplate`: contracts edited as text, every other byte kept.
@Suite("contract editor")
struct ContractEditorTests {
    /// A contract's text with one more case after its last one, through the editor's one entry
    /// point, as a contract is appended to from the tree it was loaded from; `nil` when the text
    /// does not parse or has no `cases` array.
    static func appending(_ newCase: CaseTemplate, to data: Data) -> Data? {
        guard let root = try? JSONParser.parse(data) else { return nil }
        return ContractEditor.appending([newCase], to: data, root: root)?.data
    }

    static let template = CaseTemplate(
        name: "peru", status: 200, fixture: "countries/peru.json",
        expect: .decodes(count: 1, values: [("[0].cca3", "\"PER\"")]))

    @Test("a case renders as the contract format writes it, with headers and a stamp when it has them")
    func rendering() {
        #expect(
            Self.template.rendered(indent: "    ") == """
                { "name": "peru",
                      "response": { "fixture": "countries/peru.json" },
                      "expect": { "decodes": true, "count": 1, "values": { "[0].cca3": "PER" } } }
                """)
        var recorded = CaseTemplate(
            name: "gone", status: 404, fixture: "g.json", expect: .error("responseUnsuccessful", status: 404, path: nil)
        )
        recorded.headers = [("Content-Type", "application/json")]
        recorded.recorded = ("https://x.test/v3.1/name/gone", "2026-11-22T08:00:00Z", nil)
        #expect(
            recorded.rendered(indent: "") == """
                { "name": "gone",
                  "response": { "status": 404, "headers": { "Content-Type": "application/json" }, "fixture": "g.json" },
                  "recorded": { "url": "https://x.test/v3.1/name/gone", "at": "2026-11-22T08:00:00Z" },
                  "expect": { "error": "responseUnsuccessful", "status": 404 } }
                """)
    }

    @Test("appending keeps every byte before the new case, lines it up with the first, and keeps CRLF")
    func appending() throws {
        let original =
            "{\r\n  \"model\": \"[Country]\",\r\n  \"cases\": [\r\n    { \"name\": \"a\", \"response\": {}, \"expect\": {} }\r\n  ]\r\n}\r\n"
        let appended = String(
            decoding: try #require(Self.appending(Self.template, to: Data(original.utf8))), as: UTF8.self)
        #expect(
            appended.hasPrefix(
                "{\r\n  \"model\": \"[Country]\",\r\n  \"cases\": [\r\n    { \"name\": \"a\", \"response\": {}, \"expect\": {} },\r\n    { \"name\": \"peru\",\r\n"
            ))
        #expect(!appended.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every new line ends in CRLF")
        #expect(Self.appending(Self.template, to: Data("{\"model\": \"Dog\"}".utf8)) == nil)
    }

    @Test("a recording's stamp and status are replaced in place, and a missing status is written")
    func recording() throws {
        let text = """
            {"endpoint": "countries.byName", "cases": [
              {"name": "other", "response": {"status": 404}, "expect": {"error": "responseUnsuccessful"}},
              {"name": "peru", "response": {"fixture": "p.json"}, "recorded": {"url": "old", "at": "2026-01-01T00:00:00Z"},
               "expect": {"decodes": true}}]}
            """
        let updated = String(
            decoding: try #require(
                ContractEditor.updatingRecording(
                    of: "peru", in: Data(text.utf8), url: "https://new.test/", at: "2026-11-22T08:00:00Z", status: 203,
                    headers: []
                )), as: UTF8.self)
        #expect(
            updated
                == text
                .replacingOccurrences(
                    of: #"{"url": "old", "at": "2026-01-01T00:00:00Z"}"#,
                    with: #"{ "url": "https://new.test/", "at": "2026-11-22T08:00:00Z" }"#
                )
                .replacingOccurrences(
                    of: #""response": {"fixture": "p.json"}"#,
                    with: #""response": { "status": 203,"fixture": "p.json"}"#))
        #expect(
            ContractEditor.updatingRecording(
                of: "other", in: Data(text.utf8), url: "u", at: "a", status: 200, headers: []) == nil,
            "a case without a stamp is not touched")
    }

    @Test("cases appended at once are the bytes of appending them one at a time, each read where it stands")
    func appendingSeveral() throws {
        for newline in ["\n", "\r\n"] {
            let original = Data(
                "{\n  \"model\": \"[Country]\",\n  \"cases\": [\n    { \"name\": \"a\", \"response\": { \"fixture\": \"a.json\" }, \"expect\": { \"decodes\": true } }\n  ]\n}\n"
                    .replacingOccurrences(of: "\n", with: newline).utf8)
            var blank = CaseTemplate(
                name: "blank", status: 200, fixture: "b.json", expect: .decodes(count: nil, values: []))
            blank.given = " "
            let cases = [Self.template, blank]
            let first = try #require(Self.appending(Self.template, to: original))
            let oneByOne = try #require(Self.appending(blank, to: first))
            let root = try JSONParser.parse(original)
            let atOnce = try #require(ContractEditor.appending(cases, to: original, root: root))
            #expect(atOnce.data == oneByOne)
            let loader = ContractLoader(
                catalogue: .standard, fixtures: FixtureLocator(root: URL(fileURLWithPath: "/"), displayRoot: ""))
            guard case .loaded(let before) = loader.load(original, file: "c.json"),
                case .loaded(let whole) = loader.load(atOnce.data, file: "c.json")
            else {
                Issue.record("the contract loads")
                continue
            }
            let read = loader.readAppended(atOnce.cases, to: before)
            #expect(read.cases.map(\.name) == whole.cases.map(\.name))
            let diagnostics = { (contract: Contract) in
                contract.cases.flatMap { entry -> [String] in
                    if case .invalid(_, let found) = entry { found.map(\.rendered) } else { [] }
                }
            }
            #expect(diagnostics(read) == diagnostics(whole))
            #expect(
                diagnostics(read) == [
                    "c.json:9:16: error: \"given\" names the provider state the case needs; it must not be empty"
                ])
        }
    }
}
