import ContractTestSupport
import Foundation
import Testing

@testable import HTTPWire

/// The server with a handler of the test's: what any HTTP/1.1 client meets, nothing of contracts.
@Suite("HTTPServer")
struct HTTPServerTests {
    /// A server that answers every request with its method and target as the body.
    static func echo(timeouts: HTTPServer.Timeouts = HTTPServer.Timeouts()) throws -> HTTPServer {
        try HTTPServer(
            host: "127.0.0.1", port: 0, timeouts: timeouts,
            handler: { request in
                switch request.path {
                case "/closed": HTTPAnswer(kind: .fault(.closed), note: "closed")
                case "/reset": HTTPAnswer(kind: .fault(.reset), note: "reset")
                case "/streamed":
                    HTTPAnswer(
                        kind: .partial(
                            bytes: Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nto the end".utf8), then: .closed),
                        note: "streamed")
                default:
                    .response(
                        status: 200, headers: [("Content-Type", "text/plain")],
                        body: Data("\(request.method) \(request.target) \(request.body.count)".utf8), note: "echo")
                }
            }, log: { _ in })
    }

    @Test("keep-alive and pipelining: one connection, answers in the order asked")
    func pipelined() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /one HTTP/1.1\r\nHost: h\r\n\r\nGET /two HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try connection.readResponse().text == "GET /one 0")
        #expect(try connection.readResponse().text == "GET /two 0")
        #expect(try connection.get("/three").text == "GET /three 0")
    }

    @Test("a HEAD gets the head alone, with the GET's Content-Length")
    func head() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("HEAD /x HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try connection.readResponse(headRequest: true)
        #expect(response.header("Content-Length") == "\("HEAD /x 0".utf8.count)")
        #expect(try connection.get("/y").text == "GET /y 0")
    }

    @Test("a chunked body after 100 Continue")
    func continued() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send("POST /p HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.readResponse(interim: true).status == 100)
        connection.send("4\r\nabcd\r\n0\r\n\r\n")
        #expect(try connection.readResponse().text == "POST /p 4")
    }

    @Test("malformed bytes: 400 with a JSON reason, and the connection closed")
    func malformed() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        connection.send([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01])
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.text == "{\"error\":\"the request line is not HTTP\"}\n")
        #expect(connection.ending() == .closed)
    }

    @Test("faults: closed before an answer, reset, and a body that ends with the connection")
    func faults() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let closed = try RawConnection(port: server.port)
        closed.send("GET /closed HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(closed.ending() == .closed)
        let reset = try RawConnection(port: server.port)
        reset.send("GET /reset HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(reset.ending() == .reset)
        let streamed = try RawConnection(port: server.port)
        streamed.send("GET /streamed HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try streamed.readResponse()
        #expect(response.status == 200)
        #expect(streamed.ending() == .closed)
    }

    @Test("an idle connection is closed after the idle timeout")
    func idle() throws {
        let server = try Self.echo(timeouts: HTTPServer.Timeouts(idle: 0.2, request: 0.2))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        #expect(connection.ending() == .closed)
    }

    @Test("an address that is not IPv4 is refused at start, quoted")
    func badAddress() {
        #expect(throws: HTTPServer.StartError.self) {
            _ = try HTTPServer(
                host: "localhost", port: 0, handler: { _ in .json(status: 200, "{}", note: "") }, log: { _ in })
        }
    }
}

extension HTTPServerTests {
    @Test("an answer made later holds its connection alone: another is served meanwhile")
    func later() throws {
        let release = DispatchSemaphore(value: 0)
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0,
            handler: { request in
                guard request.path == "/slow" else { return .json(status: 200, "{\"fast\":true}", note: "") }
                return HTTPAnswer(
                    kind: .later {
                        release.wait()
                        return .json(status: 200, "{\"slow\":true}", note: "")
                    }, note: "")
            }, log: { _ in })
        defer { server.stop() }
        let slow = try RawConnection(port: server.port)
        slow.send("GET /slow HTTP/1.1\r\nHost: h\r\n\r\nGET /after HTTP/1.1\r\nHost: h\r\n\r\n")
        // Were the slow answer made on the server's thread, this read would wait for it and fail.
        #expect(try RawConnection(port: server.port).get("/fast").text == "{\"fast\":true}\n")
        release.signal()
        #expect(try slow.readResponse().text == "{\"slow\":true}\n")
        #expect(try slow.readResponse().text == "{\"fast\":true}\n")
    }
}
