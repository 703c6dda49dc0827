import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `serve` from the wire: answers, case choice, the control path, unmatched requests, the log.
@Suite("serve: answers and the control path")
struct ServeServerTests {
    static func start(
        _ settings: SuiteServer.Settings = SuiteServer.Settings(), log: Locked<[String]>? = nil
    ) async throws -> SuiteServer {
        return try await SuiteServer.serving(ServeClientAgreementTests.root, settings: settings, log: log)
    }

    static func get(_ path: String, headers: [String: String] = [:], on connection: RawConnection) throws
        -> RawConnection.Response
    {
        try connection.get(path, headers: headers)
    }

    static func post(_ path: String, _ body: String, on connection: RawConnection) throws -> RawConnection.Response {
        connection.send(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        return try connection.readResponse()
    }

    /// Waits until a condition holds, for at most `deadline` seconds.
    static func eventually(deadline: TimeInterval = 10, _ condition: () -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(deadline)
        while !condition() {
            if Date() > end { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return true
    }

    @Test("keep-alive: one connection answers many requests, the fixture's bytes as stored")
    func keepAlive() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let stored = try Data(
            contentsOf: ServeClientAgreementTests.root.appendingPathComponent("Fixtures/dogs/page.json"))
        for _ in 0..<5 {
            let response = try Self.get("/api/v1/dogs", on: connection)
            #expect(response.status == 200)
            #expect(response.body == stored)
        }
        connection.send("HEAD /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = try connection.readResponse(headRequest: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "\(stored.count)")
        #expect(head.body.isEmpty)
        connection.send("HEAD /api/v1/cats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try connection.readResponse(headRequest: true).status == 404)
        let country = try Self.get("/v3.1/name/france", on: connection)
        #expect(country.status == 200)
        #expect(country.header("Content-Type") == "application/json")
    }

    @Test("the startup lines' base URLs: one port, each API under its own base path")
    func baseURLs() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        #expect(server.url == "http://127.0.0.1:\(server.port)")
        #expect(server.baseURLs.map(\.api) == ["dogpatch", "countries"])
        #expect(server.baseURLs.map(\.url) == ["\(server.url)/api/v1/", "\(server.url)/v3.1/"])
    }

    @Test("control path: list, select (by identity, path under contracts/, bare name), reset")
    func controlPath() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let listing = try Self.get("/_contracts", on: connection)
        #expect(listing.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: listing.body) as? [String: Any])
        let contracts = try #require(object["contracts"] as? [[String: Any]])
        #expect(contracts.contains { $0["contract"] as? String == "contracts/dogpatch/get-dogs.json" })
        // Both dog contracts answer GET /api/v1/dogs: the first in suite order, until one is selected.
        #expect(try Self.get("/api/v1/dogs", on: connection).status == 200)
        for name in ["contracts/dogpatch/get-dogs.json", "dogpatch/get-dogs.json", "get-dogs.json"] {
            let selected = try Self.post(
                "/_contracts/select", "{\"contract\":\"\(name)\",\"case\":\"service unavailable\"}", on: connection)
            #expect(selected.status == 200, "\(name): \(selected.text)")
            let answer = try Self.get("/api/v1/dogs", on: connection)
            #expect(answer.status == 503)
            #expect(answer.header("Retry-After") == "120")
            #expect(answer.body.isEmpty)
            #expect(try Self.post("/_contracts/reset", "", on: connection).status == 200)
            #expect(try Self.get("/api/v1/dogs", on: connection).status == 200)
        }
        let unknown = try Self.post(
            "/_contracts/select", "{\"contract\":\"get-dogs.json\",\"case\":\"no such case\"}", on: connection)
        #expect((400...499).contains(unknown.status))
        #expect(unknown.text.contains("\"service unavailable\""))
        #expect(unknown.text.contains("\"page of three dogs\""))
        let noContract = try Self.post(
            "/_contracts/select", "{\"contract\":\"nothing.json\",\"case\":\"x\"}", on: connection)
        #expect(noContract.status == 404)
        #expect(noContract.text.contains("contracts/dogpatch/get-dogs.json"))
    }

    @Test("X-Contract-Case picks the case; an unknown name is a 4xx listing the contract's cases")
    func caseHeader() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let unauthorized = try Self.get("/api/v1/dogs", headers: ["X-Contract-Case": "unauthorized"], on: connection)
        #expect(unauthorized.status == 401)
        let bad = try Self.get("/api/v1/dogs", headers: ["X-Contract-Case": "nope"], on: connection)
        #expect((400...499).contains(bad.status))
        #expect(bad.text.contains("\"cases\":["))
        #expect(bad.text.contains("\"page of three dogs\""))
        #expect(bad.header("Content-Type")?.hasPrefix("application/json") == true)
    }

    @Test("--case: a bare name applies to every contract that has it; CONTRACT › NAME to one")
    func caseChoices() async throws {
        var settings = SuiteServer.Settings()
        settings.choices = ["rate limited", "contracts/countries/by-name.json › unknown country"]
        let server = try await Self.start(settings)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        #expect(try Self.get("/v3.1/all?fields=name,capital", on: connection).status == 429)
        #expect(try Self.get("/v3.1/name/france", on: connection).status == 404)
        var wrong = SuiteServer.Settings()
        wrong.choices = ["no such case anywhere"]
        let refused = await SuiteServer.start(
            catalogue: .standard, options: VerifyOptions(),
            location: SuiteLocation(currentDirectory: ServeClientAgreementTests.root), settings: wrong,
            events: { _ in })
        guard case .failure(.unknownChoice(let choice, _)) = refused else {
            Issue.record("an unknown --case was accepted")
            return
        }
        #expect(choice == "no such case anywhere")
    }

    @Test("an unmatched request: 404 with JSON naming the nearest contract and what differed")
    func unmatched() async throws {
        let log = Locked([String]())
        let server = try await Self.start(log: log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("DELETE /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let method = try connection.readResponse()
        #expect(method.status == 404)
        #expect(method.text.contains("contracts/dogpatch/get-dogs"))
        #expect(method.text.contains("method \\\"DELETE\\\""))
        let query = try Self.get("/v3.1/name/france?fullText=false", on: connection)
        #expect(query.status == 404)
        #expect(query.text.contains("contracts/countries/by-name.json"))
        #expect(query.text.contains("query item \\\"fullText\\\""))
        let path = try Self.get("/v3.1/nam/france", on: connection)
        #expect(path.status == 404)
        #expect(path.text.contains("contracts/countries/by-name.json"))
        #expect(await Self.eventually { log.withLock { $0 }.count == 3 })
        #expect(log.withLock { $0 }.allSatisfy { $0.contains("no contract matches") && $0.contains(" 404 ") })
    }

    @Test("the log: method, path without the query items the endpoint does not define, case, status, bytes, ms")
    func logLine() async throws {
        let log = Locked([String]())
        let server = try await Self.start(log: log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        _ = try Self.get("/v3.1/all?fields=name,capital&api_key=SECRET-1", on: connection)
        _ = try Self.get("/v3.1/all?fields=name,capital", on: connection)
        #expect(await Self.eventually { log.withLock { $0.count } == 2 })
        let lines = log.withLock { $0 }
        #expect(!lines.joined().contains("SECRET-1"))
        #expect(!lines.joined().contains("api_key"))
        let line = try #require(lines.last)
        #expect(
            line.hasPrefix(
                "GET /v3.1/all?fields=name,capital contracts/countries/all-fields.json › name and capital only 200 "))
        #expect(line.hasSuffix(" ms"))
    }

    @Test("a case's headers are sent exactly as the contract lists them, in its order; the body as stored")
    func headersAsListed() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/dogs.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "listed", "response": { "status": 200,
                  "headers": { "X-Zebra": "1", "content-type": "application/json; charset=utf-8", "A-Header": "a  b" },
                  "fixture": "page.json", "delayMs": 20 },
                "expect": { "decodes": true } } ] }
            """)
        let stored = Data("[ ]\n\n".utf8)
        try folder.write("Fixtures/page.json", stored)
        let log = Locked([String]())
        let server = try await SuiteServer.serving(folder.url, log: log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let response = try Self.get("/api/v1/dogs", on: connection)
        #expect(response.headers.map(\.0) == ["X-Zebra", "content-type", "A-Header", "Content-Length"])
        #expect(response.header("A-Header") == "a  b")
        #expect(response.body == stored)
        #expect(await Self.eventually { log.withLock { $0.count } == 1 })
        // The case's latency: the answer is written after its delay.
        let milliseconds = try #require(Double(log.withLock { $0[0] }.split(separator: " ").dropLast().last ?? ""))
        #expect(milliseconds >= 20)
    }

    @Test("a selection sent chunked, and one sent after 100 Continue, as curl sends a large body")
    func requestBodies() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let body = "{\"contract\":\"get-dogs.json\",\"case\":\"unauthorized\"}"
        let hex = String(body.utf8.count, radix: 16)
        connection.send(
            "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n\(hex);ext=1\r\n\(body)\r\n0\r\nX-Trailer: t\r\n\r\n"
        )
        #expect(try connection.readResponse().status == 200)
        #expect(try Self.get("/api/v1/dogs", on: connection).status == 401)
        let other = "{\"contract\":\"get-dogs.json\",\"case\":\"bad request\"}"
        connection.send(
            "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: \(other.utf8.count)\r\n\r\n"
        )
        #expect(try connection.readResponse(interim: true).status == 100)
        connection.send(other)
        #expect(try connection.readResponse().status == 200)
        #expect(try Self.get("/api/v1/dogs", on: connection).status == 400)
    }
}
