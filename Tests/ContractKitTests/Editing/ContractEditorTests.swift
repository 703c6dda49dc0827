import Foundation
import Testing

@testable import ContractEngine

/// `ContractEditor` and `CaseTemplate`: contracts edited as text, every other byte kept.
@Suite("contract editor")
struct ContractEditorTests {
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
            name: "gone", status: 404, fixture: "g.json", expect: .error(.responseUnsuccessful, status: 404, path: nil))
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
            decoding: try #require(ContractEditor.appending(Self.template, to: Data(original.utf8))), as: UTF8.self)
        #expect(
            appended.hasPrefix(
                "{\r\n  \"model\": \"[Country]\",\r\n  \"cases\": [\r\n    { \"name\": \"a\", \"response\": {}, \"expect\": {} },\r\n    { \"name\": \"peru\",\r\n"
            ))
        #expect(!appended.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every new line ends in CRLF")
        #expect(ContractEditor.appending(Self.template, to: Data("{\"model\": \"Dog\"}".utf8)) == nil)
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
}
