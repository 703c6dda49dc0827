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
                  token refreshed (flow of 3: GET /api/todos, POST /api/token, GET /api/todos)
                  refresh refused (flow of 2: GET /api/todos, POST /api/token)
                contracts/pages.json  todos.all   [Todo]  1      0
                  two pages (flow of 2: GET /api/todos/pages?page=1, GET /api/todos/pages?page=2)

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
                "contracts/pages.json:5:7: error: exchange 2 (GET /api/todos/pages?page=2): client never sent it; the client completed after 1 of 2 exchanges"
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
                "\ntodos.mine  1        -            -                      3    -    -        n/a             2     -\n"
            ),
            "\(run.stdout)")
    }
}
