import ContractTestSupport
import Foundation
import Testing

/// `add --har --flow FIRST-LAST`: consecutive entries of a capture become one flow case, each an
/// exchange stating the request as the app sent it (secrets by presence only) and the answer.
@Suite("add --har --flow, end to end")
struct AddHARFlowTests {
    /// The to-do app's token contract before the capture is taken in: one flow of statuses alone.
    static let mine = """
        { "endpoint": "todos.mine", "arguments": { "list": "home" }, "cases": [
          { "name": "refresh refused", "exchanges": [
              { "request": { "method": "GET", "path": "/v1/lists/home/todos" }, "response": { "status": 401 } },
              { "request": { "method": "POST", "path": "/v1/token" }, "response": { "status": 401 } } ],
            "expect": { "error": "responseUnsuccessful", "status": 401 } } ] }
        """

    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write("contracts/mine.json", mine)
        try folder.write("capture.har", try TodoApp.refreshArchive())
        return folder
    }

    @Test("a 401, the token request and the retry become one flow case that passes verify, and no secret is written")
    func refreshFlow() async throws {
        let folder = try Self.suite()
        let run = await folder.runInProcess(
            [
                "add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "2-4", "--name",
                "refreshed",
            ],
            catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                """
                captured GET https://todo.example.com/v1/lists/home/todos (HTTP 401, 0 bytes, entry 2) as no body
                captured POST https://todo.example.com/v1/token (HTTP 200, 51 bytes, entry 3) as Fixtures/mine/refreshed-2.json
                captured GET https://todo.example.com/v1/lists/home/todos (HTTP 200, \(TodoApp.fixture.utf8.count) bytes, entry 4) as Fixtures/mine/refreshed-3.json
                added flow case "refreshed" of 3 exchanges to contracts/mine.json

                """), "\(run.stdout)")
        let contract = String(decoding: try folder.read("contracts/mine.json"), as: UTF8.self)
        #expect(contract.hasSuffix(Self.refreshedCase), "\(contract)")
        let token = String(decoding: try folder.read("Fixtures/mine/refreshed-2.json"), as: UTF8.self)
        #expect(token.contains(#""access_token": "stand-in-access_token""#), "\(token)")
        for secret in ["0ld-t0ken", TodoApp.freshToken, "c00kie"] {
            #expect(!contract.contains(secret) && !token.contains(secret) && !run.stdout.contains(secret))
        }
        let verify = await folder.runInProcess(["verify"], catalogue: TodoApp.flowCatalogue)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.hasSuffix("2 passed, 0 failed, 0 errors, 0 skipped\n"), "\(verify.stdout)")
    }

    @Test("the written flow catches a client that retries with the refused token, at the exchange it differs")
    func refreshFlowCatchesOldToken() async throws {
        let folder = try Self.suite()
        let run = await folder.runInProcess(
            [
                "add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "2-4", "--name",
                "refreshed",
            ],
            catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let contract = String(decoding: try folder.read("contracts/mine.json"), as: UTF8.self)
        try folder.write(
            "contracts/mine.json",
            contract.replacingOccurrences(
                of: #""arguments": { "list": "home" }"#,
                with: #""arguments": { "list": "home", "fault": "oldToken" }"#))
        let verify = await folder.runInProcess(
            ["verify", "--filter", "refreshed"], catalogue: TodoApp.flowCatalogue)
        #expect(verify.status == 1)
        #expect(
            verify.stderr.contains(
                #"exchange 3 (GET /v1/lists/home/todos): request header "Authorization": expected the value from exchange 2's response's "access_token", client sent another value"#
            ), "\(verify.stderr)")
    }

    @Test("a paged list: each page's query as the client sends it, a tracking item left out; page 1 alone fails")
    func pagesFlow() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/pages.json",
            """
            { "endpoint": "todos.all", "cases": [
              { "name": "offline", "exchanges": [
                  { "request": { "method": "GET", "path": "/v1/todos/pages", "query": { "page": "1" } },
                    "response": { "networkError": "notConnectedToInternet" } } ],
                "expect": { "error": "responseUnsuccessful" } } ] }
            """)
        try folder.write("capture.har", try TodoApp.pagesArchive())
        let run = await folder.runInProcess(
            ["add", "--har", "capture.har", "--contract", "contracts/pages.json", "--flow", "1-2"],
            catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let contract = String(decoding: try folder.read("contracts/pages.json"), as: UTF8.self)
        #expect(contract.hasSuffix(Self.pagesCase), "\(contract)")
        try folder.write(
            "contracts/pages.json",
            contract.replacingOccurrences(
                of: #"{ "endpoint": "todos.all","#,
                with: #"{ "endpoint": "todos.all", "arguments": { "fault": "stopsAfterFirstPage" },"#))
        let broken = await folder.runInProcess(
            ["verify", "--filter", "todos.all flow"], catalogue: TodoApp.flowCatalogue)
        #expect(broken.status == 1)
        #expect(
            broken.stderr.contains(
                "exchange 2 (GET /v1/todos/pages?page=2): client never sent it; the client completed after 1 of 2 exchanges"
            ), "\(broken.stderr)")
    }

    @Test("entries that cannot be a flow: named by the archive and the entry; nothing is written")
    func refusals() async throws {
        let folder = try Self.suite()
        let before = try folder.read("contracts/mine.json")
        let notFirst = await folder.runInProcess(
            ["add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "1-4"],
            catalogue: TodoApp.flowCatalogue)
        #expect(notFirst.status == 2)
        #expect(
            notFirst.stderr.contains(
                "error: entry 1: a flow starts with the contract's request, and this is not it: the path is not /v1/lists/home/todos"
            ), "\(notFirst.stderr)")
        #expect(notFirst.stderr.hasPrefix("capture.har:1:"), "\(notFirst.stderr)")
        let past = await folder.runInProcess(
            ["add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "2-9"],
            catalogue: TodoApp.flowCatalogue)
        #expect(past.status == 2)
        #expect(past.stderr.contains("--flow 2-9: capture.har has 4 entries; nothing was added"), "\(past.stderr)")
        let backwards = await folder.runInProcess(
            ["add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "4-2"],
            catalogue: TodoApp.flowCatalogue)
        #expect(backwards.status == 2)
        #expect(backwards.stderr.contains(#"--flow takes the first and last entry numbers, such as 3-5"#))
        let both = await folder.runInProcess(
            ["add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "2-4", "--entry", "2"],
            catalogue: TodoApp.flowCatalogue)
        #expect(both.status == 2)
        #expect(try folder.read("contracts/mine.json") == before)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/mine").path))
    }

    @Test("--dry-run lists each exchange the flow would take and writes nothing")
    func dryRun() async throws {
        let folder = try Self.suite()
        let run = await folder.runInProcess(
            ["add", "--har", "capture.har", "--contract", "contracts/mine.json", "--flow", "2-4", "--dry-run"],
            catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                #"would add exchange 1 of flow case "todos.mine flow" from entry 2 (HTTP 401, 0 bytes) as no body"#),
            "\(run.stdout)")
        #expect(run.stdout.hasSuffix("dry run: nothing was written\n"))
        #expect(try folder.read("contracts/mine.json") == Data(Self.mine.utf8))
    }

    static let refreshedCase = """
          { "name": "refreshed",
            "exchanges": [
              { "request": { "method": "GET", "path": "/v1/lists/home/todos", "headers": { "Authorization": true } },
                "response": { "status": 401 } },
              { "request": { "method": "POST", "path": "/v1/token", "body": { "grant_type": "refresh_token" } },
                "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "fixture": "mine/refreshed-2.json" } },
              { "request": { "method": "GET", "path": "/v1/lists/home/todos", "headers": { "Authorization": { "fromExchange": 2, "path": "access_token" } } },
                "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "fixture": "mine/refreshed-3.json" } } ],
            "expect": { "decodes": true, "count": 2 } } ] }
        """

    static let pagesCase = """
          { "name": "todos.all flow",
            "exchanges": [
              { "request": { "method": "GET", "path": "/v1/todos/pages", "query": { "page": "1" } },
                "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "fixture": "pages/todos-all-flow-1.json" } },
              { "request": { "method": "GET", "path": "/v1/todos/pages", "query": { "page": "2" } },
                "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "fixture": "pages/todos-all-flow-2.json" } } ],
            "expect": { "decodes": true, "count": 2 } } ] }
        """
}
