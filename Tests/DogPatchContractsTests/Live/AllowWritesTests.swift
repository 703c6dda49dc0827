import ContractTestSupport
import Foundation
import Testing

/// Live requests that change data are opt-in: `verify --live`, `record` and `add --live` send
/// only GET and HEAD unless `--allow-writes`; a case whose client sends another method is skipped
/// with the reason, and nothing reaches the server.
@Suite("live writes need --allow-writes")
struct AllowWritesTests {
    /// A recorded case of `todos.create`.
    static let recordedCreate = """
        { "endpoint": "todos.create", "arguments": { "list": "home", "todo": { "title": "Milk", "due_at": "2026-12-02T08:00:00Z" } },
          "request": { "method": "POST", "path": "/v1/lists/home/todos", "headers": { "Authorization": true },
                       "body": { "title": "Milk", "due_at": "2026-12-02T08:00:00Z" } },
          "cases": [
            { "name": "created", "response": { "status": 201, "headers": { "Content-Type": "application/json" }, "fixture": "created.json" },
              "expect": { "decodes": true },
              "recorded": { "url": "https://todo.example.com/v1/lists/home/todos", "at": "2026-11-22T08:00:00Z" } } ] }
        """

    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write("contracts/create.json", recordedCreate)
        try folder.write("Fixtures/created.json", TodoApp.created)
        return folder
    }

    static func server() throws -> LoopbackServer {
        try LoopbackServer(routes: ["/v1/lists/home/todos": .json(TodoApp.created, status: 201)])
    }

    static let reason =
        "the client sends POST, which changes data on the server; live requests are GET and HEAD only, unless --allow-writes"

    @Test("verify --live skips a POST case, naming --allow-writes, and sends it with the flag")
    func verifyLive() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try Self.suite()
        let base = "todos=\(server.baseURL.absoluteString)v1/"
        let skipped = await folder.runInProcess(
            ["verify", "--live", "--timeout", "60", "--base-url", base], catalogue: TodoApp.catalogue)
        #expect(skipped.status == 0, "\(skipped.stdout)\(skipped.stderr)")
        #expect(skipped.stdout.contains("SKIP  contracts/create.json  created"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains(Self.reason), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("0 passed, 0 failed, 0 errors, 1 skipped"), "\(skipped.stdout)")
        #expect(server.requests.isEmpty, "nothing that writes is sent without --allow-writes")
        let sent = await folder.runInProcess(
            ["verify", "--live", "--allow-writes", "--timeout", "60", "--base-url", base], catalogue: TodoApp.catalogue)
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        #expect(sent.stdout.contains("PASS  contracts/create.json  created"), "\(sent.stdout)")
        #expect(server.requests.map(\.method) == ["POST"])
        #expect(server.requests.first?.header("Authorization") == TodoApp.token)
    }

    @Test("record skips a POST case without --allow-writes and writes nothing")
    func record() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try Self.suite()
        let before = try folder.read("contracts/create.json")
        let run = await folder.runInProcess(
            ["record", "--timeout", "60", "--base-url", "todos=\(server.baseURL.absoluteString)v1/"],
            catalogue: TodoApp.catalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("SKIPPED   contracts/create.json  created"), "\(run.stdout)")
        #expect(run.stdout.contains("skipped: \(Self.reason); not asked for, not written"), "\(run.stdout)")
        #expect(server.requests.isEmpty)
        #expect(try folder.read("contracts/create.json") == before)
    }

    @Test("add --live refuses a POST without --allow-writes, and records its answer with it")
    func addLive() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try SuiteFolder()
        let arguments = [
            "add", "--live", "--contract", "contracts/create.json", "--endpoint", "todos.create", "--arguments",
            #"{"list": "home", "todo": {"title": "Milk", "due_at": "2026-12-02T08:00:00Z"}}"#, "--name", "created",
            "--base-url",
            "todos=\(server.baseURL.absoluteString)v1/",
        ]
        let refused = await folder.runInProcess(arguments, catalogue: TodoApp.catalogue)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(Self.reason); nothing was added"), "\(refused.stderr)")
        #expect(server.requests.isEmpty)
        let added = await folder.runInProcess(arguments + ["--allow-writes"], catalogue: TodoApp.catalogue)
        #expect(added.status == 0, "\(added.stdout)\(added.stderr)")
        #expect(server.requests.map(\.method) == ["POST"])
        let contract = String(decoding: try folder.read("contracts/create.json"), as: UTF8.self)
        #expect(contract.contains(#""method": "POST""#), "\(contract)")
    }
}
