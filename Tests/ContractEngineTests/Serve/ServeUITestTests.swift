import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a UI test needs of `serve` (DESIGN 16): the journal of what the app asked for, sessions
/// that keep parallel test clones apart, and the Pact verifier's provider states.
@Suite("serve: for UI tests")
struct ServeUITestTests {
    /// The DogPatch client on a real URLSession whose requests name a session.
    static func client(_ server: SuiteServer, session: String?) throws -> DogPatchClient {
        let configuration = URLSessionConfiguration.ephemeral
        if let session { configuration.httpAdditionalHeaders = [CaseRouter.sessionHeader: session] }
        let base = try #require(URL(string: "\(server.url)/api/v1/"))
        return DogPatchClient(
            baseURL: base, session: URLSession(configuration: configuration),
            responseQueue: DispatchQueue(label: "serve-ui-tests"))
    }

    /// One call of the client, its result as a status: 200 when the dogs decode, the status of an
    /// unsuccessful response otherwise.
    static func dogs(_ client: DogPatchClient) async -> Int? {
        await withCheckedContinuation { continuation in
            client.getDogs { result in
                switch result {
                case .success: continuation.resume(returning: 200)
                case .failure(.responseUnsuccessful(let status)): continuation.resume(returning: status)
                case .failure: continuation.resume(returning: nil)
                }
            }
        }
    }

    static func control(
        _ method: String, _ path: String, _ body: String = "", session: String? = nil, on server: SuiteServer
    ) throws -> RawConnection.Response {
        let connection = try RawConnection(port: server.port)
        let named = session.map { "\(CaseRouter.sessionHeader): \($0)\r\n" } ?? ""
        connection.send(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(named)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        return try connection.readResponse()
    }

    static func journal(_ server: SuiteServer, session: String? = nil) throws -> [[String: Any]] {
        let listed = try control("GET", "/_contracts/requests", session: session, on: server)
        let object = try #require(try JSONSerialization.jsonObject(with: listed.body) as? [String: Any])
        return try #require(object["requests"] as? [[String: Any]])
    }

    @Test("the journal lists what the app asked for, oldest first, with the case that answered; DELETE clears it")
    func journal() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let client = try Self.client(server, session: nil)
        #expect(await Self.dogs(client) == 200)
        #expect(await Self.dogs(client) == 200)
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/v3.1/name/france", on: connection).status == 200)
        #expect(try ServeServerTests.get("/v3.1/nowhere", on: connection).status == 404)
        let entries = try Self.journal(server)
        #expect(
            entries.map { $0["path"] as? String } == [
                "/api/v1/dogs", "/api/v1/dogs", "/v3.1/name/france", "/v3.1/nowhere",
            ])
        #expect(entries.map { $0["status"] as? Int } == [200, 200, 200, 404])
        #expect(entries[0]["method"] as? String == "GET")
        #expect(entries[0]["contract"] as? String == "contracts/dogpatch/get-dogs-private-queue.json")
        #expect(entries[3]["contract"] is NSNull)
        #expect((entries[0]["time"] as? String)?.hasSuffix("Z") == true)
        #expect(try Self.control("DELETE", "/_contracts/requests", on: server).status == 200)
        #expect(try Self.journal(server).isEmpty)
    }

    @Test("two sessions in parallel: each its own selection and journal, the default session untouched")
    func sessions() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let down = #"{"contract":"get-dogs.json","case":"service unavailable"}"#
        #expect(try Self.control("POST", "/_contracts/select", down, session: "clone-1", on: server).status == 200)
        let first = try Self.client(server, session: "clone-1")
        let second = try Self.client(server, session: "clone-2")
        async let one = Self.dogs(first)
        async let two = Self.dogs(second)
        let (a, b) = await (one, two)
        #expect(a == 503)
        #expect(b == 200)
        #expect(await Self.dogs(try Self.client(server, session: nil)) == 200)
        #expect(try Self.journal(server, session: "clone-1").map { $0["status"] as? Int } == [503])
        #expect(try Self.journal(server, session: "clone-2").map { $0["status"] as? Int } == [200])
        #expect(try Self.journal(server).count == 1)
        #expect(try Self.control("POST", "/_contracts/reset", session: "clone-1", on: server).status == 200)
        #expect(await Self.dogs(first) == 200)
    }

    @Test("a provider state selects the case with that given (else that name); teardown clears; an unknown one is 404")
    func providerStates() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let client = try Self.client(server, session: nil)
        let setup = try Self.control(
            "POST", "/_contracts/state", #"{"state":"service unavailable","action":"setup","params":{}}"#,
            on: server)
        #expect(setup.status == 200, "\(setup.text)")
        #expect(await Self.dogs(client) == 503)
        let teardown = try Self.control(
            "POST", "/_contracts/state", #"{"state":"service unavailable","action":"teardown"}"#, on: server)
        #expect(teardown.status == 200)
        #expect(await Self.dogs(client) == 200)
        let unknown = try Self.control("POST", "/_contracts/state", #"{"state":"no such state"}"#, on: server)
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("\"service unavailable\""))
    }
}

extension ServeUITestTests {
    @Test("--cors ORIGIN: its preflights are answered and its answers carry the header; other origins get neither")
    func cors() async throws {
        var settings = SuiteServer.Settings()
        settings.cors = ["http://localhost:3000"]
        let server = try await ServeServerTests.start(settings)
        defer { server.stop() }
        let preflight = try RawConnection(port: server.port)
        preflight.send(
            "OPTIONS /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:3000\r\nAccess-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: x-contract-case\r\n\r\n"
        )
        let answered = try preflight.readResponse()
        #expect(answered.status == 204)
        #expect(answered.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(answered.header("Access-Control-Allow-Headers") == "x-contract-case")
        let allowed = try ServeServerTests.get(
            "/api/v1/dogs", headers: ["Origin": "http://localhost:3000"], on: try RawConnection(port: server.port))
        #expect(allowed.status == 200)
        #expect(allowed.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        let other = try ServeServerTests.get(
            "/api/v1/dogs", headers: ["Origin": "http://evil.example"], on: try RawConnection(port: server.port))
        #expect(other.status == 200)
        #expect(other.header("Access-Control-Allow-Origin") == nil)
        // The allowed origin's page may drive the control path; another's may not.
        let body = #"{"contract":"get-dogs.json","case":"service unavailable"}"#
        for (origin, status) in [("http://evil.example", 403), ("http://localhost:3000", 200)] {
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: \(origin)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            #expect(try connection.readResponse().status == status, "\(origin)")
        }
    }

    @Test("without --cors a preflight is a request like any other: no CORS header")
    func noCors() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(
            "OPTIONS /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:3000\r\nAccess-Control-Request-Method: GET\r\n\r\n"
        )
        let answer = try connection.readResponse()
        #expect(answer.status == 404)
        #expect(answer.header("Access-Control-Allow-Origin") == nil)
    }
}

extension ServeUITestTests {
    /// A suite of one dogs contract whose request is answered 503, then the page, repeating the page.
    static func sequenceSuite(_ folder: borrowing SuiteFolder) throws {
        try folder.write(
            "contracts/dogs.json",
            """
            {"endpoint": "dogpatch.getDogs", "sequence": ["down", "empty"],
             "cases": [
               {"name": "empty", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}},
               {"name": "down", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful", "status": 503}}
             ]}
            """)
    }

    @Test(
        "a contract's sequence answers its request in turn through the real client, the last repeating; reset starts it over"
    )
    func sequence() async throws {
        let folder = try SuiteFolder()
        try Self.sequenceSuite(folder)
        let server = try await SuiteServer.serving(folder.url)
        defer { server.stop() }
        let client = try Self.client(server, session: nil)
        var seen: [Int?] = []
        for _ in 0..<3 { seen.append(await Self.dogs(client)) }
        #expect(seen == [503, 200, 200])
        #expect(try Self.control("POST", "/_contracts/reset", on: server).status == 200)
        #expect(await Self.dogs(client) == 503)
        // One set through the control path takes the contract's place, in its session alone.
        let set = try Self.control(
            "POST", "/_contracts/sequence", #"{"contract":"dogs.json","cases":["empty","down"]}"#,
            session: "clone", on: server)
        #expect(set.status == 200, "\(set.text)")
        let clone = try Self.client(server, session: "clone")
        #expect(await Self.dogs(clone) == 200)
        #expect(await Self.dogs(clone) == 503)
        #expect(await Self.dogs(clone) == 503)
        #expect(await Self.dogs(client) == 200)
        let unknown = try Self.control(
            "POST", "/_contracts/sequence", #"{"contract":"dogs.json","cases":["nope"]}"#, on: server)
        #expect(unknown.status == 400)
    }
}

extension ServeUITestTests {
    @Test(
        "a sequence set for a contract another answers by default answers its request; the listing says what comes next"
    )
    func sequenceOnAShadowedContract() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let set = try Self.control(
            "POST", "/_contracts/sequence",
            #"{"contract":"get-dogs.json","cases":["service unavailable","page of three dogs"]}"#, on: server)
        #expect(set.status == 200)
        let listing = try Self.control("GET", "/_contracts", on: server)
        let object = try #require(try JSONSerialization.jsonObject(with: listing.body) as? [String: Any])
        let contracts = try #require(object["contracts"] as? [[String: Any]])
        let dogs = try #require(contracts.first { $0["contract"] as? String == "contracts/dogpatch/get-dogs.json" })
        #expect(dogs["answering"] as? String == "service unavailable")
        let client = try Self.client(server, session: nil)
        #expect(await Self.dogs(client) == 503)
        #expect(await Self.dogs(client) == 200)
    }

    @Test("the journal keeps the query as sent, but items whose names mark a secret")
    func journalQuery() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        _ = try ServeServerTests.get("/api/v1/dogs?page=2&api_key=s3cret", on: connection)
        let entries = try Self.journal(server)
        let query = try #require(entries.first?["query"] as? [[String: String]])
        #expect(query == [["name": "page", "value": "2"]])
    }

    @Test("a control request from another port of the machine is another origin: 403")
    func otherPortIsAnotherOrigin() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        for (origin, status) in [("http://localhost:3000", 403), ("http://127.0.0.1:\(server.port)", 200)] {
            let connection = try RawConnection(port: server.port)
            connection.send(
                "POST /_contracts/reset HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: \(origin)\r\nContent-Length: 0\r\n\r\n"
            )
            #expect(try connection.readResponse().status == status, "\(origin)")
        }
    }
}
