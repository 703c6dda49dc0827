import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `ContractLoader` on its own: what a contract's text becomes, and every problem where it is written.
@Suite("contract loader")
struct ContractLoaderTests {
    static let loader = ContractLoader(
        catalogue: .standard,
        fixtures: FixtureLocator(root: URL(fileURLWithPath: "/tmp/no-fixtures"), displayRoot: "Fixtures"))

    static func load(_ text: String) -> LoadedContract {
        loader.load(Data(text.utf8), file: "contracts/c.json")
    }

    @Test("an endpoint contract loads its endpoint, model, arguments, request, queue and cases")
    func loads() throws {
        let loaded = Self.load(
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru", "fullText": true}, "responseQueue": "private",
             "request": {"method": "GET", "path": "/v3.1/name/peru", "query": {"fullText": "true"}},
             "ignoredKeys": ["[*].fifa"],
             "cases": [{"name": "offline", "response": {"networkError": "timedOut"}, "expect": {"error": "responseUnsuccessful"}}]}
            """)
        guard case .loaded(let contract) = loaded else {
            Issue.record("did not load: \(loaded)")
            return
        }
        #expect(contract.endpoint?.name == "countries.byName")
        #expect(contract.model.name == "[Country]")
        #expect(contract.arguments == ["name": .string("peru"), "fullText": .bool(true)])
        #expect(contract.request?.path?.value == "/v3.1/name/peru")
        #expect(contract.responseQueue == .private)
        #expect(contract.ignoredKeys == ["[*].fifa"])
        #expect(contract.cases.map(\.name) == ["offline"])
    }

    @Test(
        "a problem in the header makes the whole contract invalid, at its line and column",
        arguments: [
            (
                #"{"endpoint": "countries.none", "cases": []}"#,
                "contracts/c.json:1:14: error: unknown endpoint \"countries.none\"; the built-in catalogue has \"dogpatch.getDogs\", \"countries.all\", \"countries.byName\"; an app's own endpoints go in its own catalogue (docs/your-own-endpoint.md)"
            ),
            (
                #"{"model": "[Cat]", "cases": []}"#,
                "contracts/c.json:1:11: error: unknown model \"[Cat]\"; the built-in catalogue has \"Dog\", \"[Dog]\", \"Country\", \"[Country]\"; an app's own models go in its own catalogue (docs/your-own-endpoint.md)"
            ),
            (
                #"{"endpoint": "dogpatch.getDogs", "model": "Country", "cases": []}"#,
                "contracts/c.json:1:43: error: model \"Country\" does not match endpoint \"dogpatch.getDogs\", which decodes \"[Dog]\""
            ),
            (
                #"{"version": 2, "model": "Dog", "cases": []}"#,
                "contracts/c.json:1:13: error: contract version 2 is newer than this tool reads (version 1); update dogpatch-contracts"
            ),
            (#"{"model": "Dog"}"#, "contracts/c.json:1:1: error: missing required key \"cases\" in the contract"),
        ])
    func headerProblems(_ text: String, _ rendered: String) {
        guard case .invalid(_, _, let diagnostics) = Self.load(text) else {
            Issue.record("loaded")
            return
        }
        #expect(diagnostics.map(\.rendered).contains(rendered), "\(diagnostics.map(\.rendered))")
    }

    @Test("a bad case is invalid on its own; the others still load, and a duplicate name is the later one's problem")
    func caseProblems() throws {
        let loaded = Self.load(
            """
            {"model": "[Dog]", "cases": [
              {"name": "a", "response": {"body": "[]"}, "expect": {"decodes": true}},
              {"name": "b", "response": {"status": 99}, "expect": {"decodes": true}},
              {"name": "a", "response": {"body": "[]"}, "expect": {"decodes": true}}
            ]}
            """)
        guard case .loaded(let contract) = loaded else {
            Issue.record("did not load")
            return
        }
        guard contract.cases.count == 3, case .ready = contract.cases[0],
            case .invalid(_, let status) = contract.cases[1], case .invalid(_, let duplicate) = contract.cases[2]
        else {
            Issue.record("unexpected cases: \(contract.cases)")
            return
        }
        #expect(status.first?.message.contains("\"status\"") == true, "\(status)")
        #expect(
            duplicate.map(\.rendered) == ["contracts/c.json:4:3: error: duplicate case name \"a\" (first at line 2)"])
    }

    @Test("a recorded stamp needs a fixture, an endpoint and a UTC time")
    func recording() {
        let loaded = Self.load(
            """
            {"model": "[Dog]", "cases": [{"name": "r", "response": {"body": "[]"},
              "recorded": {"url": "https://x.test/", "at": "yesterday"}, "expect": {"decodes": true}}]}
            """)
        guard case .loaded(let contract) = loaded, case .invalid(_, let diagnostics) = contract.cases.first else {
            Issue.record("the case loaded")
            return
        }
        let messages = diagnostics.map(\.message)
        #expect(messages.contains("\"recorded\" needs an \"endpoint\": the request sent to the server is the client's"))
        #expect(messages.contains("\"recorded\" is for a case whose response is a \"fixture\", which recording writes"))
        #expect(
            messages.contains("\"at\" must be an RFC 3339 time such as \"2026-11-22T08:00:00Z\", not \"yesterday\""))
    }

    @Test("a contract of thousands of cases keeps their order, each problem at its line, duplicates the later one's")
    func manyCases() {
        // Enough cases to be read on several threads: the order and the positions must not show it.
        let names = (0..<3000).map { $0 == 2999 ? "case 1234" : "case \($0)" }
        let cases = names.enumerated().map { index, name in
            index == 2000
                ? #"{"name": "\#(name)", "response": {"body": "[]"}, "expect": {"decodes": "yes"}}"#
                : #"{"name": "\#(name)", "response": {"body": "[]"}, "expect": {"decodes": true}}"#
        }
        let loaded = Self.load(#"{"model": "[Dog]", "cases": [\#n"# + cases.joined(separator: ",\n") + "]}")
        guard case .loaded(let contract) = loaded else {
            Issue.record("did not load: \(loaded)")
            return
        }
        #expect(contract.cases.map(\.name) == names)
        let invalid = contract.cases.enumerated().compactMap { index, entry -> (Int, [String])? in
            guard case .invalid(_, let diagnostics) = entry else { return nil }
            return (index, diagnostics.map(\.rendered))
        }
        #expect(invalid.map(\.0) == [2000, 2999])
        #expect(invalid.first?.1.first?.hasPrefix("contracts/c.json:2002:") == true, "\(invalid)")
        #expect(
            invalid.last?.1 == [
                "contracts/c.json:3001:1: error: duplicate case name \"case 1234\" (first at line 1236)"
            ])
    }

    @Test("problems with several arguments are reported in the order the contract writes them")
    func argumentsInOrder() {
        for (text, expected) in [
            (
                #"{"endpoint": "countries.byName", "arguments": {"fullText": "yes", "name": 3}, "cases": []}"#,
                ["1:60", "1:75", "1:88"]
            ),
            (
                #"{"endpoint": "countries.byName", "arguments": {"name": 3, "fullText": "yes"}, "cases": []}"#,
                ["1:56", "1:71", "1:88"]
            ),
        ] {
            guard case .invalid(_, _, let diagnostics) = Self.load(text) else {
                Issue.record("loaded: \(text)")
                continue
            }
            #expect(
                diagnostics.map { "\($0.position?.line ?? 0):\($0.position?.column ?? 0)" } == expected,
                "\(diagnostics.map(\.rendered))")
        }
    }
}

extension ContractLoaderTests {
    /// Issue 39, findings 4 and 11: a header `serve` would send as written must not split the
    /// answer, and the message's framing is the server's.
    @Test(
        "a header that would split the answer or frame the message is refused at its line and column",
        arguments: [
            (#"{"X-Note": "a\r\nSet-Cookie: x=1"}"#, "2:52: error: header \"X-Note\"'s value holds a line break"),
            (#"{"X Note": "a"}"#, "2:42: error: header name \"X Note\" is not an HTTP token"),
            (#"{"X-Note\n": "a"}"#, "2:42: error: header name \"X-Note\\n\" is not an HTTP token"),
            (#"{"Content-Length": "2"}"#, "2:42: error: header \"Content-Length\" frames the message"),
            (#"{"transfer-encoding": "chunked"}"#, "2:42: error: header \"transfer-encoding\" frames the message"),
            (#"{"Content-Encoding": "gzip"}"#, "2:42: error: header \"Content-Encoding\" frames the message"),
            (#"{"Connection": "close"}"#, "2:42: error: header \"Connection\" frames the message"),
        ])
    func headerText(headers: String, rendered: String) {
        let loaded = Self.load(
            """
            {"model": "[Dog]", "cases": [
              {"name": "a", "response": {"headers": \(headers), "body": "[]"}, "expect": {"decodes": true}}
            ]}
            """)
        guard case .loaded(let contract) = loaded, case .invalid(_, let problems) = contract.cases.first else {
            Issue.record("the case loaded: \(loaded)")
            return
        }
        #expect(
            problems.contains { $0.rendered.hasPrefix("contracts/c.json:" + rendered) }, "\(problems.map(\.rendered))")
    }
}

extension ContractLoaderTests {
    @Test(
        "a sequence names the contract's cases, at least one, each where it is written",
        arguments: [
            (#""sequence": ["a", "b"]"#, nil),
            (#""sequence": ["a", "c"]"#, "1:20: error: \"sequence\" names \"c\", which is not a case of the contract"),
            (#""sequence": []"#, "1:14: error: \"sequence\" must be a non-empty array of case names"),
            (#""sequence": ["a", 1]"#, "1:20: error: \"sequence\" holds case names, found 1"),
        ] as [(String, String?)])
    func sequence(member: String, rendered: String?) {
        let loaded = Self.load(
            """
            {\(member), "model": "[Dog]", "cases": [
              {"name": "a", "response": {"body": "[]"}, "expect": {"decodes": true}},
              {"name": "b", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful", "status": 500}}
            ]}
            """)
        switch (loaded, rendered) {
        case (.loaded(let contract), nil): #expect(contract.sequence == ["a", "b"])
        case (.invalid(_, _, let diagnostics), let rendered?):
            #expect(
                diagnostics.map(\.rendered).contains { $0.hasPrefix("contracts/c.json:" + rendered) },
                "\(diagnostics.map(\.rendered))")
        default: Issue.record("unexpected: \(loaded)")
        }
    }
}
