import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `serve` against what no HTTP client sends, many clients at once, and files that change.
@Suite("serve: limits, hostile requests, concurrency, reload")
struct ServeRobustnessTests {
    /// After a hostile request the server still answers a good one.
    static func stillServes(_ server: SuiteServer) throws {
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/api/v1/dogs", on: connection).status == 200)
    }

    @Test("header fields over 64 KiB: 431 and the connection closed")
    func oversizedHeaders() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let filler = String(repeating: "a", count: 1000)
        var text = "GET /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for index in 0..<70 { text += "X-Filler-\(index): \(filler)\r\n" }
        connection.send(text + "\r\n")
        #expect(try connection.readResponse().status == 431)
        #expect(connection.ending() == .closed)
        try Self.stillServes(server)
    }

    @Test("a body over 1 MiB: 413 and the connection closed, before the body is sent")
    func oversizedBody() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\n\r\n")
        #expect(try connection.readResponse().status == 413)
        #expect(connection.ending() == .closed)
        let chunked = try RawConnection(port: server.port)
        chunked.send("POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = String(repeating: "x", count: 0x10000)
        for _ in 0..<17 where chunked.send("10000\r\n\(chunk)\r\n") {}
        #expect(try chunked.readResponse().status == 413)
        try Self.stillServes(server)
    }

    @Test(
        "malformed requests and bytes that are not HTTP: 400 and the connection closed",
        arguments: [
            Array("GARBAGE\r\n\r\n".utf8),
            Array("GET /api/v1/dogs HTTP/9.9\r\n\r\n".utf8),
            Array("GET /api/v1/dogs HTTP/1.1\r\nNo colon here\r\n\r\n".utf8),
            Array("GET /api/v1/dogs HTTP/1.1\r\nContent-Length: ten\r\n\r\n".utf8),
            Array("GET /api/v1/dogs HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n".utf8),
            // A chunk's size is 1*HEXDIG: a sign once crashed the server (issue 39, finding 1).
            Array(
                "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n"
                    .utf8),
            Array(
                "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n+2\r\nxy\r\n0\r\n\r\n"
                    .utf8),
            Array(
                "POST /_contracts/select HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0x2\r\nxy\r\n0\r\n\r\n"
                    .utf8),
            // The start of a TLS ClientHello.
            [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03],
            [0x00, 0xFF, 0x13, 0x37, 0x0A, 0x0D, 0x0A],
        ])
    func malformed(_ bytes: [UInt8]) async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(bytes)
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.header("Connection") == "close")
        #expect(connection.ending() == .closed)
        try Self.stillServes(server)
    }

    @Test("a request sent a byte at a time too slowly (slowloris) and an idle connection are cut")
    func slowAndIdle() async throws {
        var settings = SuiteServer.Settings()
        settings.requestTimeout = 0.3
        settings.idleTimeout = 0.3
        let server = try await ServeServerTests.start(settings)
        defer { server.stop() }
        let slow = try RawConnection(port: server.port)
        slow.send("GET /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        let idle = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/api/v1/dogs", on: idle).status == 200)
        #expect(slow.ending() == .closed)
        #expect(idle.ending() == .closed)
        try Self.stillServes(server)
    }

    @Test("a client that half-closes after its request still gets the answer")
    func halfClosed() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send(
            "GET /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /v3.1/name/france HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        )
        connection.shutdownWrite()
        #expect(try connection.readResponse().status == 200)
        #expect(try connection.readResponse().status == 200)
        #expect(connection.ending() == .closed)
        // Half a request, then a half-close: no answer, the connection closed.
        let partial = try RawConnection(port: server.port)
        partial.send("GET /api/v1/do")
        partial.shutdownWrite()
        #expect(partial.ending() == .closed)
        try Self.stillServes(server)
    }

    @Test("300 connections at once, each answered, while a silent fault holds others open")
    func concurrentConnections() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        // Connections held by the "no answer" fault do not stall the rest.
        let held = try (0..<4).map { _ in try RawConnection(port: server.port) }
        for connection in held {
            connection.send(
                "GET /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Contract-Case: request timed out\r\n\r\n")
        }
        let connections = try (0..<300).map { _ in try RawConnection(port: server.port) }
        for connection in connections { connection.send("GET /v3.1/name/france HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        var statuses: [Int] = []
        for connection in connections { statuses.append(try connection.readResponse().status) }
        #expect(statuses == Array(repeating: 200, count: 300))
    }

    @Test("real clients at once on one session: every completion as the case says")
    func concurrentClients() async throws {
        let server = try await ServeServerTests.start()
        defer { server.stop() }
        let endpoint = try #require(Catalogue.standard.endpoint(named: "countries.byName"))
        let base = try #require(server.baseURLs.first { $0.api == "countries" }?.url)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let results = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        endpoint.call(
                            Endpoint.Invocation(
                                session: session, responseQueue: DispatchQueue(label: "concurrent"),
                                arguments: ["name": .string("france")], baseURL: URL(string: base)
                            ) { result in continuation.resume(returning: (try? result.get())?.count) })
                    }
                }
            }
            var counts: [Int?] = []
            for await count in group { counts.append(count) }
            return counts
        }
        #expect(results == Array(repeating: 1, count: 64))
    }

    @Test("reload: a fixture edited in place, a file replaced, an invalid change kept out, during traffic")
    func reload() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/dogs.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "page", "response": { "fixture": "page.json" }, "expect": { "decodes": true } } ] }
            """)
        try folder.write("Fixtures/page.json", "[]")
        let events = Locked([SuiteServer.Event]())
        var settings = SuiteServer.Settings()
        settings.reloadInterval = 0.05
        let started = await SuiteServer.start(
            catalogue: .standard, options: VerifyOptions(), location: SuiteLocation(currentDirectory: folder.url),
            settings: settings, events: { event in events.withLock { $0.append(event) } })
        let server = try started.get()
        defer { server.stop() }
        // Traffic all along: every answer is a whole 200 from one suite or the other.
        let traffic = Task.detached { () -> [Int] in
            var statuses: [Int] = []
            guard let connection = try? RawConnection(port: server.port) else { return [] }
            while !Task.isCancelled {
                guard let response = try? ServeServerTests.get("/api/v1/dogs", on: connection) else { return [-1] }
                statuses.append(response.status)
            }
            return statuses
        }
        func body() throws -> String {
            try ServeServerTests.get("/api/v1/dogs", on: RawConnection(port: server.port)).text
        }
        #expect(try body() == "[]")
        // Edited in place: same inode, same size.
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("Fixtures/page.json"))
        try handle.write(contentsOf: Data("{}".utf8))
        try handle.close()
        #expect(await ServeServerTests.eventually { (try? body()) == "{}" })
        // Replaced by another file.
        try folder.write("Fixtures/page.json", "[ ]")
        #expect(await ServeServerTests.eventually { (try? body()) == "[ ]" })
        // An invalid contract: the last valid suite is still served, and the diagnostics are given.
        try folder.write("contracts/dogs.json", "{ \"endpoint\": \"dogpatch.getDogs\", \"cases\": [ { \"nme\": 1 } ] }")
        #expect(
            await ServeServerTests.eventually {
                events.withLock { events in
                    events.contains {
                        if case .keptLastValid(.invalid(let problems)) = $0 { !problems.isEmpty } else { false }
                    }
                }
            })
        #expect(try body() == "[ ]")
        traffic.cancel()
        let statuses = await traffic.value
        #expect(!statuses.isEmpty)
        #expect(statuses.allSatisfy { $0 == 200 })
    }
}

extension ServeRobustnessTests {
    /// Issue 39, finding 10: requests pipelined behind a reset were logged as answered.
    @Test("requests pipelined behind a reset are neither answered nor logged")
    func pipelinedBehindReset() async throws {
        let log = Locked<[String]>([])
        let server = try await ServeServerTests.start(log: log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let request = "GET /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        connection.send(
            request + "X-Contract-Case: connection lost\r\n\r\n" + request + "\r\n" + request + "\r\n")
        #expect(connection.ending() == .reset)
        // One thread serves every connection: once another client is answered, whatever the reset
        // connection's requests led to is logged; the other client's own line may still be on its way.
        try Self.stillServes(server)
        let lines = log.withLock { $0 }
        #expect(lines.first?.contains("connection lost") == true, "\(lines)")
        #expect(lines.filter { !$0.contains("connection lost") }.count <= 1, "\(lines)")
    }
}

extension ServeRobustnessTests {
    /// Issue 39, finding 2: a client that pipelines and never reads made the server buffer every
    /// answer (200 of 1.4 MB: +330 MB).
    @Test("a client that pipelines and never reads is answered only as far as it takes the answers")
    func backPressure() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/big.json",
            """
            {"endpoint": "dogpatch.getDogs",
             "cases": [{"name": "big", "response": {"fixture": "big.json"}, "expect": {"error": "jsonConversionFailure"}}]}
            """)
        try folder.write("Fixtures/big.json", "[" + String(repeating: "1,", count: 300_000) + "1]")
        let log = Locked<[String]>([])
        let server = try await SuiteServer.serving(folder.url, log: log)
        defer { server.stop() }
        let greedy = try RawConnection(port: server.port)
        let request = "GET /api/v1/dogs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        greedy.send(String(repeating: request, count: 100))
        #expect(await ServeServerTests.eventually { !log.withLock { $0 }.isEmpty })
        // Another client is still served; by then the greedy one's requests were all read.
        let other = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/api/v1/dogs", on: other).status == 200)
        let answered = log.withLock { $0 }.count - 1
        #expect(answered < 30, "\(answered) answers of 600 KB held for a client that reads none")
    }
}
