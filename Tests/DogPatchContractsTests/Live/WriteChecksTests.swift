import ContractTestSupport
import Foundation
import Testing

/// Issue 47: a live write is sent only after every check that can refuse it, and one that failed
/// after reaching the server says so, with its method.
@Suite("add --live: a write checked before it is sent")
struct WriteChecksTests {
    static func arguments(_ server: LoopbackServer, _ extra: [String], new: Bool = true) -> [String] {
        ["add", "--live", "--allow-writes", "--contract", "contracts/create.json", "--endpoint", "todos.create"]
            + (new
                ? ["--arguments", #"{"list": "home", "todo": {"title": "Milk", "due_at": "2026-12-02T08:00:00Z"}}"#]
                : [])
            + ["--base-url", "todos=\(server.baseURL.absoluteString)v1/"] + extra
    }

    @Test(
        "a case name in use, a destination outside the fixtures, an unknown error or an empty state: refused, nothing sent",
        arguments: [
            ["--name", "created"], ["--name", "new", "--as", "../../escape.json"],
            ["--name", "new", "--expect", "noSuchError"], ["--name", "new", "--given", ""],
        ])
    func refusedBeforeSending(extra: [String]) async throws {
        let server = try AllowWritesTests.server()
        defer { server.stop() }
        let folder = try AllowWritesTests.suite()
        let before = try folder.read("contracts/create.json")
        // The first names the existing contract's case; the others add to a contract of its own.
        let existing = extra == ["--name", "created"]
        var arguments = Self.arguments(server, extra, new: !existing)
        if !existing { arguments[4] = "contracts/other.json" }
        let run = await folder.runInProcess(arguments, catalogue: TodoApp.catalogue)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(server.requests.isEmpty, "\(run.stderr)")
        #expect(try folder.read("contracts/create.json") == before)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/other.json").path))
    }

    @Test("a write that reached the server and failed names its method and that the server may have applied it")
    func failedWriteSaysSo() async throws {
        let server = try LoopbackServer(routes: ["/v1/lists/home/todos": .announce(bytes: 200 * 1024 * 1024)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let run = await folder.runInProcess(
            Self.arguments(server, ["--name", "created"]), catalogue: TodoApp.catalogue)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("error: POST "), "\(run.stderr)")
        #expect(run.stderr.contains("the server may have applied it; nothing was added"), "\(run.stderr)")
        #expect(!run.stderr.contains("GET "), "\(run.stderr)")
        #expect(server.requests.map(\.method) == ["POST"])
    }

    @Test("--as naming a folder keeps the recording's own file name in it")
    func asFolder() async throws {
        let server = try AllowWritesTests.server()
        defer { server.stop() }
        let folder = try SuiteFolder()
        // The page's create is async: under the whole suite's load, its replay may wait its turn.
        let run = await folder.runInProcess(
            Self.arguments(server, ["--name", "created", "--as", "recorded/", "--timeout", "60"]),
            catalogue: TodoApp.catalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let contract = String(decoding: try folder.read("contracts/create.json"), as: UTF8.self)
        #expect(contract.contains(#""fixture": "recorded/created.json""#), "\(contract)")
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("Fixtures/recorded/created.json").path))
    }
}
