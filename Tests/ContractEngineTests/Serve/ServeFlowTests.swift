import ContractCatalogue
import ContractTestSupport
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `serve` answers a flow per session in order (DESIGN 19): the app's own clients, on real
/// URLSessions, through a whole flow, in two sessions at once.
@Suite("serve: flows")
struct ServeFlowTests {
    /// Serves the test app's flows from a temporary suite.
    static func start(_ folder: borrowing SuiteFolder) async throws -> SuiteServer {
        try TodoApp.writeFlows(into: folder)
        return try await SuiteServer.serving(folder.url, catalogue: TodoApp.flowCatalogue)
    }

    /// One call of an endpoint's real client against the server, its requests in a session.
    static func call(_ endpoint: Endpoint, on server: SuiteServer, session: String) async throws -> Result<
        DecodedValue, any Error
    > {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = [CaseRouter.sessionHeader: session]
        let urlSession = URLSession(configuration: configuration)
        defer { urlSession.finishTasksAndInvalidate() }
        let base = try #require(URL(string: "\(server.url)/v1/"))
        return await withCheckedContinuation { continuation in
            endpoint.call(
                Endpoint.Invocation(
                    session: urlSession, responseQueue: DispatchQueue(label: "serve-flow-tests"),
                    arguments: ["list": .string("home")],
                    baseURL: base, completion: { continuation.resume(returning: $0) }))
        }
    }

    /// The journal of a session: each request's method, path and query.
    static func journal(_ server: SuiteServer, session: String) throws -> [String] {
        let listed = try ServeUITestTests.control("GET", "/_contracts/requests", session: session, on: server)
        let object = try #require(try JSONSerialization.jsonObject(with: listed.body) as? [String: Any])
        let requests = try #require(object["requests"] as? [[String: Any]])
        return requests.map { entry in
            let query = (entry["query"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "")=\($0["value"] ?? "")" }
            return "\(entry["method"] ?? "") \(entry["path"] ?? "")"
                + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
                + " \(entry["status"] ?? "")"
        }
    }

    /// The to-dos a call decoded, by title; `nil` for a call that failed.
    static func titles(_ result: Result<DecodedValue, any Error>) throws -> [String]? {
        guard case .success(let value) = result else { return nil }
        let root = try JSONParser.parse(value.encoded())
        guard case .array(let items) = root.value else { return nil }
        return items.compactMap { item in
            if case .string(let title)? = item.member("title")?.value.value { title } else { nil }
        }
    }

    @Test("the refreshing client and the pager each go through a whole flow, in two sessions at once")
    func twoSessions() async throws {
        let folder = try SuiteFolder()
        let server = try await Self.start(folder)
        defer { server.stop() }
        async let refreshed = Self.call(TodoApp.mine, on: server, session: "clone-1")
        async let paged = Self.call(TodoApp.all, on: server, session: "clone-2")
        #expect(try Self.titles(await refreshed) == ["buy milk", "call the plumber"])
        #expect(try Self.titles(await paged) == ["buy milk", "call the plumber"])
        #expect(
            try Self.journal(server, session: "clone-1") == [
                "GET /v1/lists/home/todos 401", "POST /v1/token 200", "GET /v1/lists/home/todos 200",
            ])
        #expect(
            try Self.journal(server, session: "clone-2") == [
                "GET /v1/todos/pages?page=1 200", "GET /v1/todos/pages?page=2 200",
            ])
    }

    @Test("the same flow runs in two sessions at once, each from its first exchange, and again after its last")
    func sameFlowTwice() async throws {
        let folder = try SuiteFolder()
        let server = try await Self.start(folder)
        defer { server.stop() }
        async let first = Self.call(TodoApp.mine, on: server, session: "a")
        async let second = Self.call(TodoApp.mine, on: server, session: "b")
        #expect(try Self.titles(await first)?.count == 2)
        #expect(try Self.titles(await second)?.count == 2)
        let again = try await Self.call(TodoApp.mine, on: server, session: "a")
        #expect(try Self.titles(again)?.count == 2)
        #expect(try Self.journal(server, session: "a").count == 6)
    }

    @Test("a provider state naming a flow's step sets serve to answer that exchange next, as the pact's verifier asks")
    func providerStateStep() async throws {
        let folder = try SuiteFolder()
        let server = try await Self.start(folder)
        defer { server.stop() }
        let set = try ServeUITestTests.control(
            "POST", "/_contracts/state", #"{"state": "token refreshed, exchange 2 of 3", "action": "setup"}"#,
            on: server)
        #expect(set.status == 200)
        let connection = try RawConnection(port: server.port)
        connection.send("POST /v1/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        let token = try connection.readResponse()
        #expect(token.status == 200)
        #expect(String(decoding: token.body, as: UTF8.self) == TodoApp.grant)
        let list = try connection.get("/v1/lists/home/todos")
        #expect(list.status == 200)
        #expect(String(decoding: list.body, as: UTF8.self) == TodoApp.fixture)
        let unknown = try ServeUITestTests.control(
            "POST", "/_contracts/state", #"{"state": "token refreshed, exchange 4 of 3"}"#, on: server)
        #expect(unknown.status == 404)
    }
}
