import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// A flow replayed through the test app's own clients (`TodoApp+Flows`): the client called once,
/// its requests answered in turn and held to the exchanges, the first one that differs named.
@Suite("replay: flows of several exchanges")
struct ReplayFlowTests {
    /// Runs one case of a flow contract, its endpoint's `fault` argument set when given.
    static func run(
        _ contract: String, case name: String, fault: String? = nil, timeout: TimeInterval = Replayer.defaultTimeout
    ) async throws -> CaseResult {
        let folder = try SuiteFolder()
        try TodoApp.writeFlows(into: folder)
        var text = contract
        if let fault, text.contains(#""arguments": { "list": "home" }"#) {
            text = text.replacingOccurrences(
                of: #""arguments": { "list": "home" }"#, with: #""arguments": { "list": "home", "fault": "\#(fault)" }"#
            )
        } else if let fault {
            text = text.replacingOccurrences(
                of: #"{ "endpoint": "#, with: #"{ "arguments": { "fault": "\#(fault)" }, "endpoint": "#)
        }
        let locator = FixtureLocator(root: folder.url.appendingPathComponent("Fixtures"), displayRoot: "Fixtures")
        let loaded = ContractLoader(catalogue: TodoApp.flowCatalogue, fixtures: locator).load(
            Data(text.utf8), file: "contracts/flow.json")
        guard case .loaded(let loadedContract) = loaded,
            let entry = loadedContract.cases.first(where: { $0.name == name })
        else {
            throw LoadFailed(loaded: "\(loaded)")
        }
        return await RunContext(fixtures: locator, timeout: timeout).run(entry, of: loadedContract)
    }

    struct LoadFailed: Error {
        let loaded: String
    }

    @Test("clients that refresh the token, give up on a refused refresh and follow every page pass")
    func goodClientsPass() async throws {
        for (contract, name) in [
            (TodoApp.flowContract, "token refreshed"), (TodoApp.flowContract, "refresh refused"),
            (TodoApp.pagesContract, "two pages"),
        ] {
            let result = try await Self.run(contract, case: name)
            #expect(result.status == .passed, "\(name): \(result.diagnostics.map(\.rendered))")
        }
    }

    @Test(
        "each broken client fails, naming the exchange where it differs",
        arguments: [
            (
                TodoApp.flowContract, "token refreshed", "noRetry",
                [
                    "contracts/flow.json:5:7: error: exchange 2 (POST /v1/token): client never sent it; the client completed after 1 of 3 exchanges",
                    "contracts/flow.json:10:15: error: client returned responseUnsuccessful(401) at the end of the flow; expected a decoded [Todo] of 2 elements",
                ]
            ),
            (
                TodoApp.flowContract, "token refreshed", "oldToken",
                [
                    "contracts/flow.json:8:52: error: exchange 3 (GET /v1/lists/home/todos): request header \"Authorization\": expected the value from exchange 2's response's \"access_token\", client sent another value"
                ]
            ),
            (
                TodoApp.flowContract, "refresh refused", "endlessRetry",
                [
                    "contracts/flow.json:11:3: error: exchange 3: client sent an extra request, POST /v1/token, after the flow's 2 exchanges; it went on to 12 requests without completing, so the tool stopped answering it (an endless retry loop)"
                ]
            ),
            (
                TodoApp.flowContract, "token refreshed", "refreshesFirst",
                [
                    "contracts/flow.json:3:7: error: exchange 1: expected GET /v1/lists/home/todos, client sent exchange 2's request (POST /v1/token) instead: the flow's requests came in another order",
                    "contracts/flow.json:10:15: error: client returned responseUnsuccessful(401) at the end of the flow; expected a decoded [Todo] of 2 elements",
                ]
            ),
            (
                TodoApp.pagesContract, "two pages", "skipsPage",
                [
                    "contracts/flow.json:5:75: error: exchange 2 (GET /v1/todos/pages?page=2): request query: expected ?page=2, client sent ?page=3"
                ]
            ),
            (
                TodoApp.pagesContract, "two pages", "stopsAfterFirstPage",
                [
                    "contracts/flow.json:5:7: error: exchange 2 (GET /v1/todos/pages?page=2): client never sent it; the client completed after 1 of 2 exchanges",
                    "contracts/flow.json:7:43: error: expected 2 elements, client decoded 1",
                    "contracts/flow.json:7:58: error: [1].title: no value at this path in the decoded [Todo]",
                ]
            ),
        ])
    func brokenClientsFail(contract: String, name: String, fault: String, expected: [String]) async throws {
        let result = try await Self.run(contract, case: name, fault: fault)
        #expect(result.status == .failed)
        #expect(result.diagnostics.map(\.rendered) == expected)
    }

    @Test("a client that waits on the wall clock before its next request is not waited for past the timeout")
    func waitIsBounded() async throws {
        // The client waits an hour before its retry: had replay waited it out, the retry would
        // have been sent, and the verdict would name no missing exchange.
        let result = try await Self.run(
            TodoApp.flowContract, case: "token refreshed", fault: "waitsBeforeRetry", timeout: 0.5)
        #expect(result.status == .failed)
        #expect(
            result.diagnostics.map(\.rendered) == [
                "contracts/flow.json:7:7: error: exchange 3 (GET /v1/lists/home/todos): client never sent it; it had not sent it when 0.5 s had passed (a client that waits, such as for a Retry-After, must take its clock from its caller: see the docs)",
                "contracts/flow.json:2:3: error: the completion handler did not run within 0.5 s; the request was cancelled",
            ])
    }
}
