import ContractTestSupport
import Foundation
import Testing

/// `explain CONTRACT --case NAME`: a flow laid out as replay goes through it, end to end on the
/// to-do app's flows.
@Suite("explain of a flow, end to end")
struct FlowExplainTests {
    @Test("a flow: each exchange in order (request, response, provider state), expect, and what replay judges")
    func wholeFlow() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let run = await folder.runInProcess(
            ["explain", "contracts/mine.json", "--case", "token refreshed"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.tokenRefreshed, "\(run.stdout)")
        // The token the fixture hands out is never shown, nor is any value of the secret header.
        #expect(!run.stdout.contains(TodoApp.freshToken))
    }

    @Test("one step of a flow: the exchange alone and what replay holds the client to there")
    func oneStep() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let middle = await folder.runInProcess(
            ["explain", "contracts/mine.json", "--case", "token refreshed", "--step", "2"],
            catalogue: TodoApp.flowCatalogue)
        #expect(middle.status == 0, "\(middle.stderr)")
        #expect(middle.stdout == Self.tokenStep, "\(middle.stdout)")
        let last = await folder.runInProcess(
            ["explain", "contracts/pages.json", "--case", "two pages", "--step", "2"], catalogue: TodoApp.flowCatalogue)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stdout == Self.lastPageStep, "\(last.stdout)")
    }

    @Test("a case of one response is one exchange, the contract's request stated for it")
    func singleResponse() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/created.json", TodoApp.created)
        try folder.write("contracts/create.json", TodoApp.createContract)
        let run = await folder.runInProcess(
            ["explain", "contracts/create.json", "--case", "created"], catalogue: TodoApp.flowCatalogue)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.created, "\(run.stdout)")
    }

    @Test("an unknown case lists the contract's names; a step past the flow, or --step alone, is a usage error")
    func refusals() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        let unknown = await folder.runInProcess(
            ["explain", "contracts/mine.json", "--case", "token refresh"], catalogue: TodoApp.flowCatalogue)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains(
                #"contracts/mine.json: no case named "token refresh"; it has "token refreshed", "refresh refused""#),
            "\(unknown.stderr)")
        let past = await folder.runInProcess(
            ["explain", "contracts/mine.json", "--case", "refresh refused", "--step", "3"],
            catalogue: TodoApp.flowCatalogue)
        #expect(past.status == 2)
        #expect(past.stderr.contains("--step 3: the case has 2 exchanges"), "\(past.stderr)")
        let alone = await folder.runInProcess(
            ["explain", "Fixtures/todos.json", "--endpoint", "todos.mine", "--step", "1"],
            catalogue: TodoApp.flowCatalogue)
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--step needs --case"), "\(alone.stderr)")
    }

    static let tokenRefreshed = """
        contracts/mine.json: "token refreshed", a flow of 3 exchanges; todos.mine is called once
        exchange 1: GET /v1/lists/home/todos
          request header "Authorization": any value (a secret, stated by presence)
          response: HTTP 401, no body
          provider state: "token refreshed, exchange 1 of 3"
        exchange 2: POST /v1/token
          request body: { "grant_type": "refresh_token" }
          response: HTTP 200, Fixtures/token.json
          provider state: "token refreshed, exchange 2 of 3"
        exchange 3: GET /v1/lists/home/todos
          request header "Authorization": holds exchange 2's response's "access_token"
          response: HTTP 200, Fixtures/todos.json
          provider state: "token refreshed, exchange 3 of 3"
        expect: a decoded [Todo] of 2 elements
        replay calls todos.mine once and answers its requests in turn with the responses above; it judges:
          1. each request against its exchange, in order (method, path, query, the headers and body stated); the first that differs fails the case, named by its exchange: a different request, another exchange's request out of order, a request after exchange 3, or one never sent
          2. the completion: once, on the main queue, within 5 s
          3. the outcome after the last exchange: a decoded [Todo] of 2 elements

        """

    static let created = """
        contracts/create.json: "created", one exchange; todos.create is called once
        exchange 1: POST /v1/lists/home/todos
          request header "Content-Type": "application/json"
          request header "Authorization": any value (a secret, stated by presence)
          request body: { "title": "buy bread", "due_at": "2026-12-02T08:00:00Z" }
          response: HTTP 201, Fixtures/created.json
          provider state: "created"
        expect: a decoded Todo
        verify predicts the outcome from the response alone, then replay calls todos.create once and answers its request with it; it judges:
          1. the request: against the one stated (method, path, query, the headers and body stated)
          2. the completion: once, on the main queue, within 5 s
          3. the outcome, predicted and replayed: a decoded Todo

        """

    static let tokenStep = """
        contracts/mine.json: "token refreshed", exchange 2 of 3 (POST /v1/token)
          request body: { "grant_type": "refresh_token" }
          response: HTTP 200, Fixtures/token.json
          provider state: "token refreshed, exchange 2 of 3"
        replay judges at this step:
          - the client's request 2 is held to this exchange's: POST /v1/token, with the headers and body stated; another exchange's request here fails as out of order, any other as a different request at exchange 2
          - this answer goes to the client, which must go on to exchange 3 (GET /v1/lists/home/todos)

        """

    static let lastPageStep = """
        contracts/pages.json: "two pages", exchange 2 of 2 (GET /v1/todos/pages?page=2)
          response: HTTP 200, Fixtures/page-2.json
          provider state: "two pages, exchange 2 of 2"
        replay judges at this step:
          - the client's request 2 is held to this exchange's: GET /v1/todos/pages?page=2, with the headers and body stated; another exchange's request here fails as out of order, any other as a different request at exchange 2
          - after this answer the client completes, once, on the main queue, within 5 s, with: a decoded [Todo] of 2 elements

        """
}
