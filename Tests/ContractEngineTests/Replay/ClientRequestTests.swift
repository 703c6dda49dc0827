import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one place the tool learns the request a client sends (issue 31, item 5).
@Suite("the client's request, learnt on the stub")
struct ClientRequestTests {
    @Test("path as sent and decoded, query and the client's headers, on the given base URL")
    func learnt() async throws {
        let base = try #require(URL(string: "http://127.0.0.1:9/v3.1/"))
        let request = try await ClientRequest.learn(
            .countriesByName, arguments: ["name": .string("AC/DC"), "fullText": .bool(true)], baseURL: base
        ).get()
        #expect(request.request.url?.absoluteString == "http://127.0.0.1:9/v3.1/name/AC%2FDC?fullText=true")
        #expect(request.method == "GET")
        #expect(request.sentPath == "/v3.1/name/AC%2FDC")
        #expect(request.path == "/v3.1/name/AC/DC")
        #expect(request.queryItems == [URLQueryItem(name: "fullText", value: "true")])
        #expect(request.headers["X-DogPatch-Contracts-Stub"] == nil, "the stub's routing header is not the client's")
        #expect(
            request.contractBlock
                == #"{ "method": "GET", "path": "/v3.1/name/AC%2FDC", "query": { "fullText": "true" } }"#)
        let plain = try await ClientRequest.learn(.countriesByName, arguments: ["name": .string("peru")]).get()
        #expect(plain.request.url?.host == RestCountriesAPI.baseURL.host, "the endpoint's own base URL")
        #expect(plain.contractBlock == #"{ "method": "GET", "path": "/v3.1/name/peru", "query": {} }"#)
    }

    @Test(
        "a POST's block states the headers the client sets (a credential as true) and its body, read from a stream too")
    func learntWrite() async throws {
        for stream in [false, true] {
            let request = try await ClientRequest.learn(
                TodoApp.Broken.create,
                arguments: [
                    "list": .string("home"),
                    "todo": .json(Data(#"{"title": "Milk", "due_at": "2026-12-02T08:00:00Z"}"#.utf8)),
                    "viaStream": .bool(stream),
                ]
            ).get()
            #expect(request.method == "POST")
            #expect(!request.onlyReads)
            #expect(
                request.contractBlock
                    == #"{ "method": "POST", "path": "/v1/lists/home/todos", "query": {}, "headers": { "Authorization": true, "Content-Type": "application/json" }, "body": {"due_at":"2026-12-02T08:00:00Z","title":"Milk"} }"#
            )
            #expect(!request.contractBlock.contains("contract-test"), "a credential's value is never written")
        }
    }

    @Test("a header whose name marks a secret (X-Api-Key) is learnt as true, its value never written")
    func secretNamedHeader() async throws {
        let endpoint = Endpoint(name: "keys.list", model: TodoApp.todos, baseURL: TodoApp.serverURL) { call in
            var request = URLRequest(url: TodoApp.serverURL.appendingPathComponent("todos"))
            request.setValue("sk-live-123", forHTTPHeaderField: "X-Api-Key")
            request.setValue("ios", forHTTPHeaderField: "X-Client")
            call.session.makeDataTask(with: request) { _, _, _ in
                call.responseQueue.async { call.completion(.failure(.invalidData)) }
            }.resume()
        }
        let request = try await ClientRequest.learn(endpoint, arguments: [:]).get()
        #expect(request.contractBlock.contains(#""headers": { "X-Api-Key": true, "X-Client": "ios" }"#))
        #expect(!request.contractBlock.contains("sk-live-123"))
    }

    @Test("a client that cannot form a request sends nothing, and says why")
    func noRequest() async throws {
        let base = try #require(URL(string: "http://127.0.0.1:9/"))
        let learnt = await ClientRequest.learn(.countriesByName, arguments: [:], baseURL: base)
        #expect(throws: ClientRequest.Failure.self) { try learnt.get() }
        if case .failure(let failure) = learnt { #expect(failure.reason.contains("invalidRequest")) }
    }
}
