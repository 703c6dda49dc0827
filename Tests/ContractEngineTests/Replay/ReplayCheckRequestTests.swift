import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// `ReplayCheck+Request` and `StatedRequestBody`: what the client really sent (method, headers,
/// body as JSON, from `httpBody` or `httpBodyStream`) against the contract's `request`, and the
/// stated body judged by the endpoint's request model. The client is the test app's `todos.create`,
/// broken on purpose where a case says so (`TodoApp.Broken`).
@Suite("replay check: request headers and body")
struct ReplayCheckRequestTests {
    /// The create contract with its arguments' extra members and its request block replaced.
    static func contract(extraArguments: String = "", request: String? = nil) -> String {
        """
        {"endpoint": "todos.create",
         "arguments": {"list": "home", "todo": {"title": "Milk", "due_at": "2026-12-02T08:00:00Z"}\(extraArguments)},
         "request": \(request ?? #"{"method": "POST", "headers": {"Content-Type": "application/json", "Authorization": true}, "body": {"title": "Milk", "due_at": "2026-12-02T08:00:00Z"}}"#),
         "cases": [{"name": "created", "response": {"status": 201, "fixture": "created.json"}, "expect": {"decodes": true}}]}
        """
    }

    /// Runs the contract's one case on the test app's catalogue, with the files given under `Fixtures/`.
    static func run(_ text: String, fixtures: [String: String] = [:], replay: Bool = true) async throws -> CaseResult {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/created.json", TodoApp.created)
        for (path, body) in fixtures { try folder.write("Fixtures/\(path)", body) }
        let locator = FixtureLocator(root: folder.url.appendingPathComponent("Fixtures"), displayRoot: "Fixtures")
        let loaded = ContractLoader(catalogue: TodoApp.Broken.catalogue, fixtures: locator).load(
            Data(text.utf8), file: "contracts/create.json")
        guard case .loaded(let contract) = loaded, let entry = contract.cases.first else {
            throw LoadFailed(loaded: "\(loaded)")
        }
        return await RunContext(fixtures: locator, replay: replay, timeout: 60).run(entry, of: contract)
    }

    struct LoadFailed: Error {
        let loaded: String
    }

    @Test("a client that sends the stated method, headers and body passes, its body sent as data or as a stream")
    func passes() async throws {
        for extra in ["", #", "viaStream": true"#] {
            let result = try await Self.run(Self.contract(extraArguments: extra))
            #expect(result.status == .passed, "\(result.diagnostics.map(\.rendered))")
        }
    }

    @Test(
        "a client that sends the wrong body, forgets a header or sends another method fails at the contract's line",
        arguments: [
            (
                #", "fault": "lowercasesTitle""#,
                #"contracts/create.json:3:122: error: request body .title: expected "Milk", client sent "milk""#
            ),
            (
                #", "fault": "lowercasesTitle", "viaStream": true"#,
                #"contracts/create.json:3:122: error: request body .title: expected "Milk", client sent "milk""#
            ),
            (
                #", "fault": "forgetsAuthorization""#,
                #"contracts/create.json:3:97: error: request header "Authorization": expected the header, client sent none"#
            ),
            (
                #", "fault": "sendsPUT""#,
                "contracts/create.json:3:24: error: request method: expected POST, client sent PUT"
            ),
        ])
    func catches(_ extra: String, _ rendered: String) async throws {
        let result = try await Self.run(Self.contract(extraArguments: extra))
        #expect(result.status == .failed)
        #expect(result.diagnostics.map(\.rendered) == [rendered])
    }

    @Test("a header's value is compared, its name in any case; a body from a fixture is compared at the fixture's line")
    func headerValueAndBodyFixture() async throws {
        let result = try await Self.run(
            Self.contract(
                request: #"{"headers": {"content-type": "text/plain"}, "bodyFixture": "bodies/milk.json"}"#),
            fixtures: [
                "bodies/milk.json":
                    "{\n  \"due_at\": \"2026-12-02T08:00:00Z\",\n  \"notes\": \"oat\",\n  \"title\": \"Milk\"\n}\n"
            ])
        #expect(
            result.diagnostics.map(\.rendered) == [
                #"contracts/create.json:3:42: error: request header "content-type": expected "text/plain", client sent "application/json""#,
                #"Fixtures/bodies/milk.json:3:12: error: request body .notes: expected "oat", client sent no such key"#,
            ])
    }

    @Test(
        "the request model judges the stated body: a key it never writes, a missing required field, a wrong type",
        arguments: [
            (
                #"{"title": "Milk", "due_at": "2026-12-02T08:00:00Z", "colour": "red"}"#,
                #"contracts/create.json:3:74: error: request body .colour: the NewTodo model never writes this key (its decoding never reads it)"#
            ),
            (
                #"{"due_at": "2026-12-02T08:00:00Z"}"#,
                #"contracts/create.json:3:22: error: request body .title: required key is missing"#
            ),
            (
                #"{"title": 3, "due_at": "2026-12-02T08:00:00Z"}"#,
                #"contracts/create.json:3:32: error: request body .title: expected a string, found 3"#
            ),
        ])
    func judged(_ body: String, _ rendered: String) async throws {
        let result = try await Self.run(Self.contract(request: #"{"body": \#(body)}"#), replay: false)
        #expect(result.diagnostics.map(\.rendered) == [rendered])
        #expect(result.status == .failed)
    }

    @Test("a body fixture the request model refutes is named at the fixture's line; a missing one is the case's error")
    func judgedFixture() async throws {
        let refuted = try await Self.run(
            Self.contract(request: #"{"bodyFixture": "bodies/milk.json"}"#),
            fixtures: ["bodies/milk.json": "{\n  \"title\": \"Milk\",\n  \"due_at\": \"soon\"\n}\n"], replay: false)
        #expect(refuted.diagnostics.map(\.path) == ["due_at"])
        #expect(
            refuted.diagnostics.first?.rendered.hasPrefix(
                "Fixtures/bodies/milk.json:3:13: error: request body .due_at: ") == true)
        let missing = try await Self.run(Self.contract(request: #"{"bodyFixture": "bodies/none.json"}"#))
        #expect(missing.status == .error)
        #expect(
            missing.diagnostics.map(\.rendered) == [
                #"contracts/create.json:3:29: error: fixture "Fixtures/bodies/none.json" does not exist"#
            ])
    }

    @Test(
        "bodies compare as JSON: key order and whitespace free, numbers by exact decimal value",
        arguments: [
            (#"{"a": 1e2, "b": [true, null]}"#, #"{ "b" : [ true , null ] , "a" : 100 }"#, []),
            (
                #"{"a": 0.1}"#, #"{"a": 0.10000000000000001}"#,
                [#"c.json:1:7: error: request body .a: expected 0.1, client sent 0.10000000000000001"#]
            ),
            (
                #"{"a": 9007199254740993}"#, #"{"a": 9007199254740992}"#,
                [#"c.json:1:7: error: request body .a: expected 9007199254740993, client sent 9007199254740992"#]
            ),
            (
                #"{"a": 1}"#, #"{"a": 1, "b": 2}"#,
                [#"c.json:1:1: error: request body .b: client sent 2, which the contract does not state"#]
            ),
            (
                #"{"a": 1, "b": null}"#, #"{"a": 1}"#,
                [#"c.json:1:15: error: request body .b: expected null, client sent no such key"#]
            ),
            (#"[1, 2]"#, #"[1, 3]"#, [#"c.json:1:5: error: request body[1]: expected 2, client sent 3"#]),
            (#"{"a": 1}"#, "", [#"c.json:1:1: error: request body: expected {"a":1}, client sent none"#]),
            // A key named twice counts with its last value, as JavaScript, Python, Jackson and serde read it.
            (
                #"{"a": 1}"#, #"{"a": 1, "a": 2}"#,
                [#"c.json:1:7: error: request body .a: expected 1, client sent 2"#]
            ),
            (#"{"a": 2}"#, #"{"a": 1, "a": 2}"#, []),
            // A secret stated true takes any value; a secret's value is never shown.
            (#"{"password": true, "user": "ada"}"#, #"{"password": "hunter2", "user": "ada"}"#, []),
            (
                #"{"password": "x"}"#, #"{"password": "hunter2", "client_secret": "cs-1"}"#,
                [
                    #"c.json:1:14: error: request body .password: expected a value, client sent another value"#,
                    #"c.json:1:1: error: request body .client_secret: client sent another value, which the contract does not state"#,
                ]
            ),
            (
                #"{"a": 1}"#, #"{"a": {"token": "t-1"}}"#,
                [#"c.json:1:7: error: request body .a: expected 1, client sent {"token":true}"#]
            ),
        ] as [(String, String, [String])])
    func comparesAsJSON(_ stated: String, _ sent: String, _ rendered: [String]) throws {
        let body = StatedRequestBody(
            root: try JSONParser.parse(Data(stated.utf8)), data: Data(stated.utf8), file: "c.json")
        #expect(ReplayCheck.checkBody(body, sent: Data(sent.utf8)).map(\.rendered) == rendered)
    }
}
