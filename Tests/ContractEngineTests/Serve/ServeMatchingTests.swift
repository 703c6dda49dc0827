import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

/// Which contract and case answer a request: the path as sent, the query as RFC 3986 reads it,
/// only the items an endpoint defines, a bare `--case` across the contracts that answer one
/// request, and the listing that says so (issue 39, findings 3, 9, 14 and 20).
@Suite("serve: matching the request as sent")
struct ServeMatchingTests {
    @Test(
        "a bare --case picks, among the contracts answering a request, the one that has the case; /_contracts says so")
    func bareCaseAcrossContracts() async throws {
        var settings = SuiteServer.Settings()
        settings.choices = ["service unavailable"]
        let server = try await ServeServerTests.start(settings)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        // get-dogs-private-queue.json comes first in suite order and has no such case.
        #expect(try ServeServerTests.get("/api/v1/dogs", on: connection).status == 503)
        let listing = try ServeServerTests.get("/_contracts", on: connection)
        let object = try #require(try JSONSerialization.jsonObject(with: listing.body) as? [String: Any])
        let contracts = try #require(object["contracts"] as? [[String: Any]])
        let main = try #require(contracts.first { $0["contract"] as? String == "contracts/dogpatch/get-dogs.json" })
        let other = try #require(
            contracts.first { $0["contract"] as? String == "contracts/dogpatch/get-dogs-private-queue.json" })
        #expect(main["answering"] as? String == "service unavailable")
        #expect(other["answering"] is NSNull)
        #expect(other["answeredBy"] as? String == "contracts/dogpatch/get-dogs.json")
    }

    @Test("an unknown X-Contract-Case lists every case that can answer the request, from every contract")
    func unknownCaseListsAll() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let answer = try ServeServerTests.get(
            "/api/v1/dogs", headers: ["X-Contract-Case": "no such case"], on: connection)
        #expect(answer.status == 400)
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let contracts = try #require(object["contracts"] as? [String])
        #expect(
            Set(contracts) == [
                "contracts/dogpatch/get-dogs.json", "contracts/dogpatch/get-dogs-private-queue.json",
            ])
        let cases = try #require(object["cases"] as? [String])
        #expect(cases.contains("service unavailable"), "\(cases)")
        #expect(cases.count == Set(cases).count)
    }

    @Test("the path is matched as sent: an escaped slash is not a slash; a + in a query value is a +")
    func pathAndQueryAsSent() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/acdc.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "AC/DC"},
             "cases": [{"name": "band", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}]}
            """)
        try folder.write(
            "contracts/plus.json",
            """
            {"endpoint": "countries.all", "arguments": {"fields": ["a+b"]},
             "cases": [{"name": "plus", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}]}
            """)
        let server = try await SuiteServer.serving(folder.url)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/v3.1/name/AC%2FDC", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/name/AC%2fDC", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/name/AC/DC", on: connection).status == 404)
        #expect(try ServeServerTests.get("/v3.1/all?fields=a+b", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/all?fields=a%2Bb", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/all?fields=a%20b", on: connection).status == 404)
        // An item the endpoint does not define (the app's own key) does not unmatch the request.
        #expect(try ServeServerTests.get("/v3.1/all?fields=a+b&api_key=s3cret", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/all?api_key=s3cret", on: connection).status == 404)
    }

    @Test("a 2xx JSON body whose case names no Content-Type goes out as application/json, as the export promises")
    func contentTypeOfJSON() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/all.json",
            """
            {"endpoint": "countries.all",
             "cases": [{"name": "none", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}},
                       {"name": "text", "response": {"headers": {"Content-Type": "text/plain"}, "body": "[]"},
                        "expect": {"decodes": true, "count": 0}}]}
            """)
        let server = try await SuiteServer.serving(folder.url)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/v3.1/all", on: connection).header("Content-Type") == "application/json")
        let text = try ServeServerTests.get("/v3.1/all", headers: ["X-Contract-Case": "text"], on: connection)
        #expect(text.header("Content-Type") == "text/plain")
    }
}

extension ServeMatchingTests {
    @Test(
        "only Hosts naming the server are answered: 421 for another, 400 for none or two",
        arguments: [
            ("Host: 127.0.0.1:8080\r\n", 200), ("Host: localhost\r\n", 200), ("Host: [::1]:9\r\n", 200),
            ("Host: LOCALHOST\r\n", 200), ("Host: attacker.example\r\n", 421),
            ("Host: attacker.example:80\r\n", 421), ("", 400), ("Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n", 400),
        ])
    func hostCheck(host: String, status: Int) async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /api/v1/dogs HTTP/1.1\r\n\(host)\r\n")
        #expect(try connection.readResponse().status == status)
    }

    @Test("a control request from a page of another origin is refused; the server's own origin is not")
    func foreignOrigin() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let body = #"{"contract":"get-dogs.json","case":"service unavailable"}"#
        let own = "http://127.0.0.1:\(server.port)"
        for (origin, status, answer) in [("http://evil.example", 403, 200), ("null", 403, 200), (own, 200, 503)] {
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: \(origin)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            #expect(try connection.readResponse().status == status, "\(origin)")
            // A refused selection changes nothing; the server's own origin selects.
            #expect(try ServeServerTests.get("/api/v1/dogs", on: connection).status == answer, "\(origin)")
        }
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.post("/_contracts/reset", "", on: connection).status == 200)
    }
}

extension ServeMatchingTests {
    @Test("an argument the client sends in the path is no query item: ?name=... on byName is the app's own, ignored")
    func pathArgumentIsNoQueryItem() async throws {
        let log = Locked<[String]>([])
        let server = try await ServeServerTests.start(log: log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/v3.1/name/france?name=s3cret", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/name/france", on: connection).status == 200)
        #expect(!log.withLock { $0 }.contains { $0.contains("s3cret") })
    }
}
