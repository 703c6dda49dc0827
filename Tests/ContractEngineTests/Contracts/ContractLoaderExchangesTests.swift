import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `ContractLoader+Exchanges`: a flow case's `exchanges`, each a request and its response, and
/// every problem in them at its line and column.
@Suite("contract loader: flows")
struct ContractLoaderExchangesTests {
    static let loader = ContractLoader(
        catalogue: .standard,
        fixtures: FixtureLocator(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("no-fixtures"), displayRoot: "Fixtures")
    )

    /// A contract of `countries.all` with one case whose members after its name are the text
    /// given, on line 3.
    static func load(_ members: String, endpoint: Bool = true) -> LoadedContract {
        let text = """
            {\(endpoint ? #""endpoint": "countries.all""# : #""model": "[Country]""#),
             "cases": [{"name": "flow",
              \(members)}]}
            """
        return loader.load(Data(text.utf8), file: "contracts/c.json")
    }

    /// The diagnostics of a contract that fails to load, or of its one invalid case.
    static func problems(_ loaded: LoadedContract) -> [String] {
        switch loaded {
        case .invalid(_, _, let diagnostics): diagnostics.map(\.rendered)
        case .loaded(let contract):
            contract.cases.flatMap { entry -> [String] in
                if case .invalid(_, let diagnostics) = entry { diagnostics.map(\.rendered) } else { [] }
            }
        }
    }

    @Test("exchanges load in order, each with its request; the case's response is the last exchange's")
    func loads() throws {
        let loaded = Self.load(
            #"""
            "exchanges": [{"request": {"method": "GET", "path": "/v3.1/all"}, "response": {"status": 503, "headers": {"Retry-After": "1"}}},
                           {"request": {"method": "GET", "path": "/v3.1/all", "headers": {"Authorization": {"fromExchange": 1, "path": "token"}}}, "response": {"body": "[]", "delayMs": 5}}],
              "expect": {"decodes": true}
            """#)
        guard case .loaded(let contract) = loaded, case .ready(let spec) = contract.cases.first else {
            Issue.record("did not load: \(Self.problems(loaded))")
            return
        }
        #expect(spec.isFlow)
        #expect(spec.exchanges.map { $0.request.method?.value } == ["GET", "GET"])
        #expect(spec.exchanges.map(\.position.line) == [3, 4])
        #expect(spec.response.delayMs == 5)
        let echo = try #require(spec.exchanges[1].request.headers.first?.echo)
        #expect(echo.exchange == 1)
        #expect(echo.written == "token")
    }

    @Test(
        "a bad flow is an error at its line and column",
        arguments: [
            (
                #""exchanges": [], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:16: error: "exchanges" must list at least one exchange (a request and its response)"#
            ),
            (
                #""exchanges": {}, "expect": {"decodes": true}"#,
                #"contracts/c.json:3:16: error: "exchanges" must be an array of exchanges, found an object"#
            ),
            (
                #""exchanges": [{"response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:17: error: missing required key "request" in exchange 1: a flow holds the client to each request it sends"#
            ),
            (
                #""exchanges": [{"request": {}, "response": {}, "reponse": 1}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:49: error: unknown key "reponse" in exchange 1; did you mean "response"?"#
            ),
            (
                #""exchanges": [{"request": {"method": "get"}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:40: error: "method" must be one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", found "get"; did you mean "GET"?"#
            ),
            (
                #""response": {}, "exchanges": [{"request": {}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:3: error: a case takes "response" (one exchange) or "exchanges" (a flow), not both"#
            ),
            (
                #""replay": false, "exchanges": [{"request": {}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:20: error: a flow is checked by replay alone, so it cannot have "replay": false"#
            ),
            (
                #""exchanges": [{"request": {"headers": {"Authorization": {"fromExchange": 1, "path": "token"}}}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:59: error: header "Authorization" takes its value from an earlier exchange, but exchange 1 has none before it"#
            ),
            (
                #""exchanges": [{"request": {}, "response": {}}, {"request": {"headers": {"Authorization": {"fromExchange": 2, "path": "token"}}}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:109: error: "fromExchange" must be between 1 and 1, found 2"#
            ),
            (
                #""exchanges": [{"request": {}, "response": {}}, {"request": {"headers": {"Authorization": {"fromExchange": 1, "path": "a..b"}}}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:120: error: "path" must name one value of exchange 1's response body, such as "access_token" or "[0].token", found "a..b""#
            ),
            (
                #""exchanges": [{"request": {"headers": {"Authorization": "Bearer x"}}, "response": {}}], "expect": {"decodes": true}"#,
                #"contracts/c.json:3:59: error: header "Authorization" carries a credential: write true (the client sends it), never its value"#
            ),
        ])
    func refused(members: String, expected: String) {
        #expect(Self.problems(Self.load(members)) == [expected])
    }

    @Test("a fixture contract has no client to make a flow")
    func fixtureContract() {
        let problems = Self.problems(
            Self.load(#""exchanges": [{"request": {}, "response": {}}], "expect": {"decodes": true}"#, endpoint: false))
        #expect(
            problems.first
                == #"contracts/c.json:3:3: error: "exchanges" make a flow through the client, and a fixture contract (no "endpoint") has none"#
        )
    }
}
