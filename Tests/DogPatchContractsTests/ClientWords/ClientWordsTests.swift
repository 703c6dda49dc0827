import ContractCatalogue
import ContractTestSupport
import ContractTool
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Contracts in the client's own words: its error names, its outcome rules (401, 204, the
/// `Content-Type`s it reads), checked before replay and held against the real client.
@Suite("the client's own words")
struct ClientWordsTests {
    /// Runs the app's tool on the search's catalogue, or another.
    static func run(
        _ arguments: [String], in folder: URL, catalogue: Catalogue = TodoApp.Words.catalogue()
    ) async -> (status: Int32, stdout: String, stderr: String) {
        let output = CapturedOutput()
        let status = await ContractTool.run(
            arguments: arguments, catalogue: catalogue, name: "todo-contracts", currentDirectory: folder,
            standardOutput: { output.standardOutput($0) }, standardError: { output.standardError($0) })
        return (status, output.stdout, output.stderr)
    }

    static let contract = """
        {
          "endpoint": "todos.search",
          "arguments": { "q": "milk" },
          "cases": [
            { "name": "found", "response": { "headers": { "Content-Type": "application/json" },
                "body": "\(Self.milk)" }, "expect": { "decodes": true, "count": 1 } },
            { "name": "signed out", "response": { "status": 401 }, "expect": { "error": "unauthorized" } },
            { "name": "down", "response": { "status": 503 }, "expect": { "error": "server", "status": 503 } },
            { "name": "nothing new", "response": { "status": 204 }, "expect": { "decodes": true, "count": 0 } },
            { "name": "offline", "response": { "networkError": "notConnectedToInternet" },
              "expect": { "error": "offline" } },
            { "name": "a web page", "response": { "headers": { "Content-Type": "text/html" }, "body": "<p>hi</p>" },
              "expect": { "error": "notJSON" } },
            { "name": "empty", "response": { "headers": { "Content-Type": "application/json" } },
              "expect": { "error": "noBody" } },
            { "name": "no title", "response": { "headers": { "Content-Type": "application/json" },
                "body": "[{\\"id\\": 1}]" }, "expect": { "error": "unreadable", "path": "[0].title" } }
          ]
        }
        """

    /// One to-do found, as the body of a JSON string.
    static let milk =
        #"[{\"id\": 1, \"title\": \"milk\", \"done\": false, \"due_at\": \"2025-06-01T09:00:00Z\"}]"#

    static let noQuery = """
        { "endpoint": "todos.search", "arguments": { "q": "" },
          "cases": [ { "name": "no text", "response": { "status": 200 }, "expect": { "error": "noQuery" } } ] }
        """

    @Test("every case in the client's words passes: 401, 204 as an empty list, Content-Type, its own error names")
    func ownWordsPass() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        try folder.write("contracts/no-query.json", Self.noQuery)
        let run = await Self.run(["verify", "--timeout", "60"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("9 passed, 0 failed, 0 errors, 0 skipped"), "\(run.stdout)")
    }

    @Test("a client that maps 401 to the wrong error fails, naming what it returned and what the contract expects")
    func wrongMappingFails() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        let run = await Self.run(
            ["verify", "--timeout", "60"], in: folder.url,
            catalogue: TodoApp.Words.catalogue(
                TodoApp.Words.search { try await TodoApp.Words.answer($0, wrongUnauthorized: true) }))
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "contracts/search.json:7:70: error: client returned server(401) for HTTP 401; expected unauthorized"),
            "\(run.stderr)")
        #expect(run.stdout.contains("7 passed, 1 failed, 0 errors, 0 skipped"), "\(run.stdout)")
    }

    @Test("without replay, the prediction by the endpoint's rules alone judges each case")
    func predictionByRules() async throws {
        let folder = try SuiteFolder()
        let wrong = Self.contract.replacingOccurrences(
            of: #""status": 401 }, "expect": { "error": "unauthorized" }"#,
            with: #""status": 401 }, "expect": { "error": "server", "status": 401 }"#)
        try folder.write("contracts/search.json", wrong)
        let run = await Self.run(["verify", "--no-replay"], in: folder.url)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: expected server(401), but a correct client gets unauthorized from this response"),
            "\(run.stderr)")
    }

    @Test(
        "an error name the endpoint does not have, or a status on one that carries none, is refused where written",
        arguments: [
            (
                #"{"error": "unauthorised"}"#,
                #"unknown error "unauthorised"; expected one of "offline", "unauthorized", "server", "notJSON", "noBody", "unreadable", "noQuery"; did you mean "unauthorized"?"#
            ),
            (#"{"error": "unauthorized", "status": 401}"#, #""status" goes with "server", not "unauthorized""#),
            (#"{"error": "server", "path": "[0]"}"#, #""path" goes with "unreadable", not "server""#),
            (#"{"error": "responseUnsuccessful"}"#, #"unknown error "responseUnsuccessful""#),
        ])
    func refusedNames(expect: String, message: String) async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/search.json",
            #"{"endpoint": "todos.search", "arguments": {"q": "a"}, "cases": [{"name": "x", "response": {"status": 401}, "expect": \#(expect)}]}"#
        )
        let run = await Self.run(["verify"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("contracts/search.json:1:"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("an endpoint whose rules name an error its vocabulary lacks is refused at every contract that names it")
    func inconsistentDeclaration() async throws {
        var rules = TodoApp.Words.rules
        rules.failure = "serverError"
        let endpoint = TodoApp.Words.search(rules: rules, required: false) { _ in [] }
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        let run = await Self.run(
            ["verify"], in: folder.url, catalogue: TodoApp.Words.catalogue(endpoint))
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"contracts/search.json:2:15: error: endpoint "todos.search" is declared wrong in the catalogue: its outcome rules name the error "serverError", which its vocabulary SearchError does not have"#
            ), "\(run.stderr)")
    }

    @Test("the schema the tool writes for the app lists the endpoint's errors, and which carry a status or a path")
    func schemaListsErrors() async throws {
        let folder = try SuiteFolder()
        let run = await Self.run(["export", "schema", "--out", "schema.json"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("schema.json"), encoding: .utf8)
        let compact = text.filter { !$0.isWhitespace }
        #expect(
            compact.contains(
                #""error":{"enum":["offline","unauthorized","server","notJSON","noBody","unreadable","noQuery"]}"#))
        #expect(compact.contains(#""then":{"properties":{"error":{"enum":["server"]}}}"#))
        #expect(compact.contains(#""error":{"not":{"enum":["noQuery"]}}"#))
    }

    @Test("add --expect takes the endpoint's own error names, and writes the status where the error carries it")
    func addInOwnWords() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        try folder.write("down.json", #"{"message": "down"}"#)
        let run = await Self.run(
            [
                "add", "down.json", "--contract", "contracts/search.json", "--name", "down again", "--status", "502",
                "--expect", "server", "--timeout", "60",
            ], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let text = try String(contentsOf: folder.url.appendingPathComponent("contracts/search.json"), encoding: .utf8)
        #expect(text.contains(#""expect": { "error": "server", "status": 502 }"#), "\(text)")
        let wrong = await Self.run(
            [
                "add", "down.json", "--contract", "contracts/search.json", "--name", "down 3", "--status", "502",
                "--expect", "sever", "--timeout", "60",
            ], in: folder.url)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains(#"did you mean "server"?"#), "\(wrong.stderr)")
    }
}

extension ClientWordsTests {
    @Test("the coverage matrix heads its columns in the endpoints' words where they share them")
    func coverageInOwnWords() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        let run = await Self.run(["verify", "--coverage", "--timeout", "60"], in: folder.url)
        #expect(
            run.stdout.contains(
                "coverage      decoded  noBody  unreadable  4xx  5xx  network  noQuery  main  private\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains("todos.search  2        2       1           1    1    1        -        8"),
            "\(run.stdout)")
        let required = await Self.run(["verify", "--require-coverage", "--timeout", "60"], in: folder.url)
        #expect(required.stderr.contains("todos.search: no replayed case reaches noQuery"), "\(required.stderr)")
    }
}

extension ClientWordsTests {
    struct Unexpected: Error {}

    @Test("a client that throws something not of its vocabulary fails, naming what it threw")
    func foreignError() async throws {
        let endpoint = TodoApp.Words.search { _ in throw Unexpected() }
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/search.json",
            #"{"endpoint": "todos.search", "arguments": {"q": "a"}, "cases": [{"name": "x", "response": {"status": 401}, "expect": {"error": "unauthorized"}}]}"#
        )
        let run = await Self.run(
            ["verify", "--timeout", "60"], in: folder.url,
            catalogue: TodoApp.Words.catalogue(endpoint))
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "client returned an error that is not a SearchError (Unexpected()) before sending; expected unauthorized"
            ),
            "\(run.stderr)")
    }
}

extension ClientWordsTests {
    static func catalogue(rules: OutcomeRules, vocabulary: ErrorVocabulary = TodoApp.Words.vocabulary) -> Catalogue {
        // A client that sends even a blank query: the rules alone decide what it makes of the answer.
        TodoApp.Words.catalogue(
            TodoApp.Words.search(rules: rules, vocabulary: vocabulary) {
                try await TodoApp.Words.answer($0, checksQuery: false)
            })
    }

    @Test("rules that give another error than the client's for a status fail the case, naming both")
    func wrongRule() async throws {
        var rules = TodoApp.Words.rules
        rules.statuses = [.init(401, .error("offline")), .init(204, .value("[]"))]
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        let run = await Self.run(
            ["verify", "--timeout", "60"], in: folder.url, catalogue: Self.catalogue(rules: rules))
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "expected unauthorized, which no outcome rule gives, so the client must send no request; it sent GET /v1/todos?q=milk, and by the endpoint's rules a correct client gets offline from this response"
            ), "\(run.stderr)")
    }

    @Test("a rule's value that does not decode into the model, or a word the vocabulary lacks, is named as such")
    func catalogueMistakes() async throws {
        var rules = TodoApp.Words.rules
        rules.statuses = [.init(401, .error("unauthorized")), .init(204, .value("{}"))]
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        let run = await Self.run(["verify"], in: folder.url, catalogue: Self.catalogue(rules: rules))
        #expect(run.status == 2)
        #expect(run.stderr.contains("its outcome rules give the value {}, which does not decode into [Todo]"))
        let misworded = ErrorVocabulary(TodoApp.Words.SearchError.self, cases: TodoApp.Words.vocabulary.cases) { _ in
            ClientError("signedOut")
        }
        let words = await Self.run(
            ["verify", "--timeout", "60", "--filter", "signed out"], in: folder.url,
            catalogue: Self.catalogue(rules: TodoApp.Words.rules, vocabulary: misworded))
        #expect(words.status == 1)
        #expect(
            words.stderr.contains(
                #"client returned "signedOut", which the vocabulary of SearchError does not declare"#),
            "\(words.stderr)")
    }

    @Test("coverage asks no response queue of an async client, whose result the tool delivers")
    func asyncCoverageAsksNoQueue() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/search.json", Self.contract)
        try folder.write("contracts/no-query.json", Self.noQuery)
        let run = await Self.run(["verify", "--require-coverage", "--timeout", "60"], in: folder.url)
        #expect(!run.stderr.contains("queue"), "\(run.stderr)")
    }
}
