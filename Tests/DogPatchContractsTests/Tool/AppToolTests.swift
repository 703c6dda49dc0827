import ContractCatalogue
import ContractTestSupport
import ContractTool
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app's own tool: `ContractTool` over a catalogue that is not the built-in one, under the
/// app's name. Every message that names the tool names the app's, and the help lists the app's
/// endpoints and models.
@Suite("an app's own tool")
struct AppToolTests {
    /// The to-do app's list alone.
    static let catalogue = Catalogue(endpoints: [TodoApp.list], models: [TodoApp.todos])

    /// One to-do, as the list's server writes it.
    static func one(_ id: Int, _ title: String) -> String {
        #"[{"id": \#(id), "title": "\#(title)", "done": false, "due_at": "2025-06-01T09:00:00Z"}]"#
    }

    static let contract = """
        {
          "endpoint": "todos.list",
          "arguments": { "list": "home" },
          "cases": [
            { "name": "two todos", "response": { "fixture": "todos.json" },
              "expect": { "decodes": true, "count": 2 } },
            { "name": "down", "response": { "status": 503 },
              "expect": { "error": "server", "status": 503 } }
          ]
        }
        """

    static func run(_ arguments: [String], in folder: URL) async -> (status: Int32, stdout: String, stderr: String) {
        let output = CapturedOutput()
        let status = await ContractTool.run(
            arguments: arguments, catalogue: catalogue, name: "todo-contracts", currentDirectory: folder,
            standardOutput: { output.standardOutput($0) }, standardError: { output.standardError($0) })
        return (status, output.stdout, output.stderr)
    }

    @Test("verify and list run on the app's endpoint, and its help names the app's tool, endpoints and models")
    func verifyAndHelp() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/todos.json", Self.contract)
        try folder.write("Fixtures/todos.json", TodoApp.fixture)
        let verify = await Self.run(["verify", "--timeout", "60"], in: folder.url)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("\n2 passed, 0 failed, 0 errors, 0 skipped in "), "\(verify.stdout)")
        let list = await Self.run(["list"], in: folder.url)
        #expect(list.stdout.contains("contracts/todos.json  todos.list  [Todo]  2"), "\(list.stdout)")
        let help = await Self.run(["--help"], in: folder.url)
        #expect(help.stdout.hasPrefix("todo-contracts: contract tests for the todos API\n"), "\(help.stdout)")
        #expect(help.stdout.contains("  todo-contracts verify "))
        #expect(!help.stdout.contains("dogpatch"))
        let explainHelp = await Self.run(["help", "explain"], in: folder.url)
        #expect(explainHelp.stdout.contains("--model M                 [Todo]\n"), "\(explainHelp.stdout)")
        #expect(explainHelp.stdout.contains("--endpoint E              todos.list (its model)\n"))
        let usage = await Self.run(["verify", "--bogus"], in: folder.url)
        #expect(usage.stderr.hasSuffix("usage: see 'todo-contracts verify --help'\n"), "\(usage.stderr)")
    }

    @Test("explain names the app's tool; export pact names the app's package as the consumer")
    func explainAndExport() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/todos.json", Self.contract)
        try folder.write("Fixtures/todos.json", Self.one(1, "milk"))
        try folder.write(
            "Package.swift", "// swift-tools-version:6.0\nlet package = Package(\n    name: \"TodoApp\",\n)\n")
        try folder.write("elsewhere/answer.json", Self.one(3, "eggs"))
        let explain = await Self.run(["explain", "elsewhere/answer.json", "--endpoint", "todos.list"], in: folder.url)
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(
            explain.stdout.contains(
                "a case for it, once 'todo-contracts add' has copied the body to Fixtures/todos/answer.json:"),
            "\(explain.stdout)")
        let export = await Self.run(["export", "pact", "--out", "pacts"], in: folder.url)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == "wrote pacts/TodoApp-todos.json: 2 interactions\n", "\(export.stdout)\(export.stderr)")
        let named = await Self.run(["export", "pact", "--out", "pacts2", "--consumer", "ios"], in: folder.url)
        #expect(named.stdout == "wrote pacts2/ios-todos.json: 2 interactions\n", "\(named.stdout)\(named.stderr)")
    }
}

extension AppToolTests {
    @Test("a problem in no file is located at the app's tool: coverage --require-coverage names todo-contracts")
    func fileLessProblem() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/todos.json", Self.contract)
        try folder.write("Fixtures/todos.json", Self.one(1, "milk"))
        let run = await Self.run(["verify", "--require-coverage", "--timeout", "60"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("todo-contracts: error: todos.list: no replayed case reaches"), "\(run.stderr)")
        #expect(!run.stderr.contains("dogpatch-contracts"))
    }
}

extension AppToolTests {
    @Test("the reports name the app's tool: JUnit's testsuites, and the GitHub step summary's heading")
    func reportsNameTheTool() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/todos.json", Self.contract)
        try folder.write("Fixtures/todos.json", Self.one(1, "milk"))
        let junit = await Self.run(["verify", "--format", "junit"], in: folder.url)
        #expect(junit.stdout.contains("<testsuites name=\"todo-contracts\" "), "\(junit.stdout)")
        let summary = folder.url.appendingPathComponent("summary.md")
        let output = CapturedOutput()
        _ = await ContractTool.run(
            arguments: ["verify", "--format", "github"], catalogue: Self.catalogue, name: "todo-contracts",
            currentDirectory: folder.url, variables: ["GITHUB_STEP_SUMMARY": summary.path],
            standardOutput: { output.standardOutput($0) }, standardError: { output.standardError($0) })
        let markdown = String(decoding: try Data(contentsOf: summary), as: UTF8.self)
        #expect(markdown.hasPrefix("### todo-contracts verify\n"), "\(markdown)")
    }
}
