import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `ContractLoader+Request`: a contract's `request` block (method, headers, body), each problem
/// at its line and column.
@Suite("contract loader: request")
struct ContractLoaderRequestTests {
    static let fixturesRoot = FileManager.default.temporaryDirectory.appendingPathComponent("no-fixtures")
    static let loader = ContractLoader(
        catalogue: .standard, fixtures: FixtureLocator(root: fixturesRoot, displayRoot: "Fixtures"))

    /// A contract of `countries.all` whose `request` block is the text given, on line 2.
    static func load(request: String) -> LoadedContract {
        let text = """
            {"endpoint": "countries.all",
             "request": \(request),
             "cases": [{"name": "offline", "response": {"networkError": "timedOut"}, "expect": {"error": "responseUnsuccessful"}}]}
            """
        return loader.load(Data(text.utf8), file: "contracts/c.json")
    }

    @Test("method, headers (a value or presence) and an inline body load, the body with its positions")
    func loadsEveryKey() throws {
        let loaded = Self.load(
            request: #"""
                {"method": "POST", "headers": {"Content-Type": "application/json", "Authorization": true}, "body": {"title": "Milk", "due_at": null}}
                """#)
        guard case .loaded(let contract) = loaded else {
            Issue.record("did not load: \(loaded)")
            return
        }
        let request = try #require(contract.request)
        #expect(request.method?.value == "POST")
        #expect(request.headers.map(\.name) == ["Content-Type", "Authorization"])
        #expect(request.headers.map(\.value) == ["application/json", nil])
        #expect(request.headers.map(\.position.line) == [2, 2])
        guard case .inline(let body)? = request.body else {
            Issue.record("no inline body")
            return
        }
        #expect(body.member("title")?.value.value == .string("Milk"))
        #expect(body.member("title")?.value.position == SourcePosition(line: 2, column: 122))
    }

    @Test("bodyFixture names a file under the fixtures folder")
    func bodyFixture() throws {
        guard case .loaded(let contract) = Self.load(request: #"{"method": "PUT", "bodyFixture": "todos/milk.json"}"#)
        else {
            Issue.record("did not load")
            return
        }
        guard case .fixture(let path, let file, let position)? = contract.request?.body else {
            Issue.record("no body fixture")
            return
        }
        #expect(path == "todos/milk.json")
        #expect(file.hasSuffix("no-fixtures/todos/milk.json"))
        #expect(position == SourcePosition(line: 2, column: 46))
    }

    @Test(
        "a request key the loader refuses is an error at its line and column",
        arguments: [
            (
                #"{"method": "FETCH"}"#,
                #"contracts/c.json:2:24: error: "method" must be one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", found "FETCH""#
            ),
            (
                #"{"method": "post"}"#,
                #"contracts/c.json:2:24: error: "method" must be one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", found "post"; did you mean "POST"?"#
            ),
            (#"{"method": 1}"#, #"contracts/c.json:2:24: error: "method" must be a string, found 1"#),
            (
                #"{"headers": {"X-Trace": false}}"#,
                #"contracts/c.json:2:37: error: header "X-Trace" must be a string, or true for a header sent with any value, found false"#
            ),
            (
                #"{"headers": {"X-Count": 3}}"#,
                #"contracts/c.json:2:37: error: header "X-Count" must be a string, or true for a header sent with any value, found 3"#
            ),
            (
                #"{"headers": ["Accept"]}"#,
                #"contracts/c.json:2:25: error: "headers" must be an object of header names, found an array"#
            ),
            (
                #"{"headers": {"Authorization": "Bearer abc"}}"#,
                #"contracts/c.json:2:43: error: header "Authorization" carries a credential: write true (the client sends it), never its value"#
            ),
            (
                #"{"headers": {"Accept": "a", "accept": "b"}}"#,
                #"contracts/c.json:2:41: error: duplicate header "accept" in "headers" (names ignore case; first at line 2)"#
            ),
            (
                #"{"body": {}, "bodyFixture": "a.json"}"#,
                #"contracts/c.json:2:14: error: a request takes "body" or "bodyFixture", not both"#
            ),
            (#"{"bodyFixture": true}"#, #"contracts/c.json:2:29: error: "bodyFixture" must be a string, found true"#),
            (
                #"{"bodyFixture": "../secret.json"}"#,
                #"contracts/c.json:2:29: error: fixture path "../secret.json" leaves the fixtures folder "Fixtures""#
            ),
            (
                #"{"bodyFixtures": "a.json"}"#,
                #"contracts/c.json:2:14: error: unknown key "bodyFixtures" in "request"; did you mean "bodyFixture"?"#
            ),
        ])
    func refused(_ request: String, _ rendered: String) {
        guard case .invalid(_, _, let diagnostics) = Self.load(request: request) else {
            Issue.record("loaded")
            return
        }
        #expect(diagnostics.map(\.rendered) == [rendered])
    }
}
