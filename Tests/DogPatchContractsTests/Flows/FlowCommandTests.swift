import ContractTestSupport
import Foundation
import Testing

/// Flows through the commands, end to end on the test app's catalogue: `verify` names the
/// exchange, `list --cases` shows each flow's requests, and coverage counts each exchange.
@Suite("flows, end to end")
struct FlowCommandTests {
    @Test("verify passes the app's flows and list --cases shows each flow's requests in order")
    func verifyAndList() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let verify = await folder.runInProcess(["verify"], catalogue: TodoApp.flowCatalogue)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.hasSuffix("3 passed, 0 failed, 0 errors, 0 skipped\n"), "\(verify.stdout)")
        let list = await folder.runInProcess(["list", "--cases"], catalogue: TodoApp.flowCatalogue)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout == """
                contract              endpoint    model   cases  recorded
                contracts/mine.json   todos.mine  [Todo]  2      0
                  token refreshed (flow of 3: GET /v1/lists/home/todos, POST /v1/token, GET /v1/lists/home/todos)
                  refresh refused (flow of 2: GET /v1/lists/home/todos, POST /v1/token)
                contracts/pages.json  todos.all   [Todo]  1      0
                  two pages (flow of 2: GET /v1/todos/pages?page=1, GET /v1/todos/pages?page=2)

                """)
    }

    @Test("a broken client's flow fails verify with the exchange named, at its line")
    func verifyNamesTheExchange() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let broken = TodoApp.pagesContract.replacingOccurrences(
            of: #"{ "endpoint": "todos.all","#,
            with: #"{ "endpoint": "todos.all", "arguments": { "fault": "stopsAfterFirstPage" },"#)
        try folder.write("contracts/pages.json", broken)
        let run = await folder.runInProcess(["verify", "contracts/pages.json"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "contracts/pages.json:5:7: error: exchange 2 (GET /v1/todos/pages?page=2): client never sent it; the client completed after 1 of 2 exchanges"
            ), "\(run.stderr)")
    }

    @Test("coverage counts the 401 a flow's client refreshed its token after, as well as its outcome")
    func coverageCountsEachExchange() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let run = await folder.runInProcess(
            ["verify", "--coverage", "contracts/mine.json"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        // "token refreshed": a 401 met, then decoded; "refresh refused": a 401 met, then a 401 reported.
        #expect(
            run.stdout.contains(
                "\ntodos.mine  1        -            -                      3    -    -        -               2     -\n"
            ),
            "\(run.stdout)")
    }
}

/// Flows in the exports and in serve's provider states.
@Suite("flows in the exports, end to end")
struct FlowExportTests {
    @Test("export pact writes an interaction per exchange, each in a state naming the flow and the step")
    func pactPerExchange() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("pacts").path)
        let name = try #require(names.first)
        let pact = try #require(
            try JSONSerialization.jsonObject(with: folder.read("pacts/\(name)")) as? [String: Any])
        let interactions = try #require(pact["interactions"] as? [[String: Any]])
        let states = interactions.map { ($0["providerStates"] as? [[String: Any]])?.first?["name"] as? String }
        #expect(
            states == [
                "token refreshed, exchange 1 of 3", "token refreshed, exchange 2 of 3",
                "token refreshed, exchange 3 of 3", "refresh refused, exchange 1 of 2",
                "refresh refused, exchange 2 of 2", "two pages, exchange 1 of 2", "two pages, exchange 2 of 2",
            ])
        let requests = interactions.map { interaction -> String in
            let request = interaction["request"] as? [String: Any] ?? [:]
            return "\(request["method"] ?? "") \(request["path"] ?? "")"
        }
        #expect(requests[0...2] == ["GET /v1/lists/home/todos", "POST /v1/token", "GET /v1/lists/home/todos"])
        let statuses = interactions.map { ($0["response"] as? [String: Any])?["status"] as? Int }
        #expect(statuses == [401, 200, 200, 401, 401, 200, 200])
        // The retry's token is any value, never the one the fixture hands out.
        #expect(!String(decoding: try folder.read("pacts/\(name)"), as: UTF8.self).contains("Bearer"))
    }

    @Test("export pact holds the provider to the headers a flow's client goes on by, a Link to the next page")
    func pactKeepsStatedHeaders() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let link = #"<https://todo.example.com/v1/todos/pages?page=2>; rel=\"next\""#
        try folder.write(
            "contracts/pages.json",
            TodoApp.pagesContract.replacingOccurrences(
                of: #""response": { "fixture": "page-1.json" }"#,
                with:
                    #""response": { "headers": { "Link": "\#(link)", "Content-Type": "application/json" }, "fixture": "page-1.json" }"#
            ))
        let run = await folder.runInProcess(
            ["export", "pact", "--out", "pacts", "contracts/pages.json"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("pacts").path)
        let name = try #require(names.first)
        let pact = try #require(
            try JSONSerialization.jsonObject(with: folder.read("pacts/\(name)")) as? [String: Any])
        let interactions = try #require(pact["interactions"] as? [[String: Any]])
        let headers = interactions.map { ($0["response"] as? [String: Any])?["headers"] as? [String: String] }
        #expect(
            headers.first == [
                "Content-Type": "application/json",
                "Link": "<https://todo.example.com/v1/todos/pages?page=2>; rel=\"next\"",
            ])
        #expect(headers.last == .some(nil))
    }

    @Test("export openapi lists each exchange's answers: the 401 under the list's operation, the token's own operation")
    func openAPIPerExchange() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let run = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: folder.read("openapi.json")) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        func statuses(_ path: String, _ method: String) -> [String] {
            let operation = paths[path]?[method] as? [String: Any]
            return ((operation?["responses"] as? [String: Any])?.keys).map { $0.sorted() } ?? []
        }
        #expect(statuses("/lists/{list}/todos", "get") == ["200", "401"])
        #expect(statuses("/token", "post") == ["200", "401"])
        #expect(statuses("/todos/pages", "get") == ["200"])
    }
}

/// `mutate` on flows: each exchange's answer swapped in turn.
@Suite("flows under mutate, end to end")
struct FlowMutateTests {
    @Test("the app's clients survive every exchange's answer swapped for an error; one that loops does not")
    func eachExchange() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let good = await folder.runInProcess(["mutate", "contracts/mine.json"], catalogue: TodoApp.flowCatalogue)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(
            good.stdout.contains("PASS  contracts/mine.json  token refreshed › exchange 2 status 500"), "\(good.stdout)"
        )
        try folder.write(
            "contracts/mine.json",
            TodoApp.flowContract.replacingOccurrences(
                of: #""arguments": { "list": "home" }"#,
                with: #""arguments": { "list": "home", "fault": "endlessRetry" }"#))
        let looping = await folder.runInProcess(["mutate", "contracts/mine.json"], catalogue: TodoApp.flowCatalogue)
        // Its "refresh refused" flow fails verify, so its mutants are not run: an error, exit 2.
        #expect(looping.status == 2)
        #expect(
            looping.stderr.contains(
                "contracts/mine.json:5:7: error: exchange 2 status 500: the client sent 13 requests without completing, so the tool stopped answering it; a correct client gets"
            ), "\(looping.stderr)")
    }
}
