import ContractEngine
import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `Endpoint` over an `async throws` client: replay calls it, judges its request and what it
/// returns or throws, and a client that runs out of time neither hangs the run nor keeps its request.
@Suite("replay of an async client", .timeLimit(.minutes(1)))
struct AsyncClientTests {
    static let contract = """
        {
          "endpoint": "todos.list",
          "arguments": { "list": "home" },
          "request": { "method": "GET", "path": "/v1/lists/home/todos" },
          "responseQueue": "QUEUE",
          "cases": [
            { "name": "two to-dos", "response": { "fixture": "todos.json" },
              "expect": { "decodes": true, "count": 2, "values": { "[1].due_at": "2026-12-01T09:00:00Z" } } },
            { "name": "no such list", "response": { "status": 404, "body": "{}" },
              "expect": { "error": "responseUnsuccessful", "status": 404 } },
            { "name": "server error", "response": { "status": 500, "fixture": "todos.json" },
              "expect": { "error": "responseUnsuccessful", "status": 500 } },
            { "name": "empty", "response": { "status": 200, "body": "" }, "expect": { "error": "invalidData" } },
            { "name": "no due date", "response": { "status": 200, "body": "[{\\"id\\": 1, \\"title\\": \\"milk\\", \\"done\\": false}]" },
              "expect": { "error": "jsonConversionFailure", "path": "[0].due_at" } },
            { "name": "offline", "response": { "networkError": "notConnectedToInternet" },
              "expect": { "error": "responseUnsuccessful" } }
          ]
        }
        """

    static let todos = """
        [
          {"id": 1, "title": "milk", "done": false, "due_at": "2026-11-30T18:00:00Z"},
          {"id": 2, "title": "bread", "done": true, "due_at": "2026-12-01T09:00:00Z"}
        ]
        """

    /// Runs verify on the contract. The timeout is generous unless a test sets it: an async client
    /// runs on Swift's cooperative pool, which tests that wait synchronously for a process can hold
    /// for seconds while the whole test suite runs.
    private func verify(
        _ endpoint: Endpoint, queue: String = "main", contract: String = contract,
        arguments: [String] = ["--timeout", "60"]
    ) async throws -> ToolRun {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/todos.json", Self.todos)
        try folder.write("contracts/todos.json", contract.replacingOccurrences(of: "QUEUE", with: queue))
        return await folder.runInProcess(["verify"] + arguments, catalogue: TodoApp.Async.catalogue(endpoint))
    }

    @Test(
        "an async client is replayed: it decodes, its error statuses and its own errors map, on either queue",
        arguments: ["main", "private"])
    func correctClient(queue: String) async throws {
        let output = try await verify(TodoApp.Async.correct, queue: queue)
        #expect(output.code == .success, "\(output.stderr)")
        #expect(output.stdout.contains("PASS  contracts/todos.json  two to-dos"))
        #expect(output.stdout.hasSuffix("6 passed, 0 failed, 0 errors, 0 skipped\n"), "\(output.stdout)")
    }

    @Test("an argument that cannot form a request is the client's own error, thrown before any request")
    func invalidRequest() async throws {
        let contract = """
            {"endpoint": "todos.list", "arguments": {"list": ""},
             "cases": [{"name": "no list", "response": {"fixture": "todos.json"}, "expect": {"error": "invalidRequest"}}]}
            """
        let output = try await verify(TodoApp.Async.correct, contract: contract)
        #expect(output.code == .success, "\(output.stderr)")
        #expect(output.stdout.hasSuffix("1 passed, 0 failed, 0 errors, 0 skipped\n"), "\(output.stdout)")
    }

    @Test("an async client that ignores the status is caught, naming both outcomes")
    func ignoresStatus() async throws {
        let output = try await verify(TodoApp.Async.ignoresStatus)
        #expect(output.code == .failure)
        #expect(output.stdout.contains("FAIL  contracts/todos.json  server error"))
        #expect(
            output.stderr.contains(
                "client returned a decoded [Todo] of 2 elements for HTTP 500; expected responseUnsuccessful(500)"),
            "\(output.stderr)")
    }

    @Test("a request that outlives the timeout is cancelled: the client's await ends and the run goes on")
    func timeoutCancelsTheRequest() async throws {
        // One slow case beside a fixture contract, so a loaded machine cannot time out another case.
        let slow = """
            {"endpoint": "todos.list", "arguments": {"list": "home"},
             "cases": [{"name": "slow", "response": {"fixture": "todos.json", "delayMs": 60000},
                        "expect": {"decodes": true, "count": 2}}]}
            """
        let bystander = """
            {"model": "[Todo]", "cases": [{"name": "bystander", "response": {"fixture": "todos.json"},
                                           "expect": {"decodes": true}}]}
            """
        let folder = try SuiteFolder()
        try folder.write("Fixtures/todos.json", Self.todos)
        try folder.write("contracts/slow.json", slow)
        try folder.write("contracts/bystander.json", bystander)
        let (seen, report) = AsyncStream<String>.makeStream()
        let output = await folder.runInProcess(
            ["verify", "--timeout", "0.5"],
            catalogue: TodoApp.Async.catalogue(TodoApp.Async.reporting(to: report)))
        #expect(output.code == .failure)
        #expect(output.stdout.contains("FAIL  contracts/slow.json  slow"))
        #expect(
            output.stderr.contains("the completion handler did not run within 0.5 s; the request was cancelled"),
            "\(output.stderr)")
        #expect(output.stdout.hasSuffix("1 passed, 1 failed, 0 errors, 0 skipped\n"), "\(output.stdout)")
        // The request ended, cancelled, rather than left waiting a minute for its answer.
        var endings: [String] = []
        for await ending in seen {
            endings.append(ending)
            break
        }
        #expect(endings == ["URLError \(URLError.Code.cancelled.rawValue)"])
    }

    @Test("a client that awaits something else for ever fails its case with the timeout; the run ends")
    func neverReturns() async throws {
        let output = try await verify(TodoApp.Async.waitsForever, arguments: ["--timeout", "0.2"])
        #expect(output.code == .failure)
        #expect(output.stderr.contains("the completion handler did not run within 0.2 s"), "\(output.stderr)")
        #expect(output.stdout.hasSuffix("0 passed, 6 failed, 0 errors, 0 skipped\n"), "\(output.stdout)")
    }

    @Test("a cancelled task's request is cancelled: data(for:) throws URLError(.cancelled), as URLSession's does")
    func cancelledTask() async throws {
        let invocation = Endpoint.AsyncInvocation(
            Endpoint.Invocation(session: HangingSession(), responseQueue: .main, arguments: [:]) { _ in })
        let request = URLRequest(url: TodoApp.Async.baseURL)
        let call = Task { try await invocation.data(for: request) }
        call.cancel()
        await #expect(throws: URLError(.cancelled)) { try await call.value }
    }
}

/// A session whose requests are never answered until they are cancelled, as a stalled server's.
private struct HangingSession: URLSessionProtocol {
    final class HangingTask: ContractDataTask {
        let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void

        init(_ completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) {
            self.completion = completion
        }

        func resume() {}
        func cancel() { completion(nil, nil, URLError(.cancelled)) }
    }

    func makeDataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any ContractDataTask {
        HangingTask(completionHandler)
    }
}
