import Foundation
import Testing

@testable import HTTPWire

/// The parser alone: what a connection's bytes hold so far.
@Suite("HTTPParser")
struct HTTPParserTests {
    static func parse(_ text: String) -> (HTTPParser.Step, HTTPRequest?) {
        HTTPParser.parse(Array(text.utf8)[...])
    }

    @Test("a whole request: its method, target, fields in order and body, and the bytes it took")
    func wholeRequest() throws {
        let text = "POST /a/b?x=1 HTTP/1.1\r\nHost: h\r\nX-One: 1\r\nContent-Length: 3\r\n\r\nabcGET"
        let (step, request) = Self.parse(text)
        #expect(step == .request(length: text.utf8.count - 3))
        let parsed = try #require(request)
        #expect(parsed.method == "POST")
        #expect(parsed.path == "/a/b")
        #expect(parsed.query == "x=1")
        #expect(parsed.headers.map(\.name) == ["Host", "X-One", "Content-Length"])
        #expect(parsed.header("x-one") == "1")
        #expect(parsed.body == Data("abc".utf8))
        #expect(parsed.keepsAlive)
    }

    @Test("a field's value loses the spaces and tabs around it; UTF-8 is read as such, other bytes as Latin-1")
    func fieldValues() throws {
        var bytes = Array("GET /? HTTP/1.1\r\nHost: \t h \t\r\nX-Name: Zo\u{EB}\r\nX-Old: Zo".utf8)
        bytes += [0xEB] + Array("\r\nX-Empty: \t \r\n\r\n".utf8)
        let parsed = try #require(HTTPParser.parse(bytes[...]).1)
        #expect(parsed.header("Host") == "h")
        #expect(parsed.header("X-Name") == "Zo\u{EB}")
        #expect(parsed.header("X-Old") == "Zo\u{EB}")
        #expect(parsed.header("X-Empty") == "")
        #expect(parsed.path == "/")
        #expect(parsed.query == "")
        // A request line that is not ASCII is no request line.
        #expect(
            Self.parse("GET /\u{EB} HTTP/1.1\r\nHost: h\r\n\r\n").0
                == .refused(status: 400, reason: "the request line is not HTTP"))
    }

    @Test("a head or body not yet whole is incomplete; Expect: 100-continue is told")
    func incomplete() {
        #expect(Self.parse("GET / HTTP/1.1\r\nHost: h\r\n").0 == .incomplete(expectsContinue: false))
        #expect(
            Self.parse("POST / HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\nab").0
                == .incomplete(expectsContinue: true))
    }

    @Test("a chunked body is read whole, its chunks joined")
    func chunked() throws {
        let text = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
        let (step, request) = Self.parse(text)
        #expect(step == .request(length: text.utf8.count))
        #expect(try #require(request).body == Data("abcde".utf8))
    }

    @Test(
        "bytes that can never become a request are refused with their status",
        arguments: [
            ("GARBAGE\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", 413),
            ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n", 431),
        ])
    func refused(_ text: String, status: Int) {
        guard case .refused(let refusedStatus, _) = Self.parse(text).0 else {
            Issue.record("not refused: \(text.prefix(40))")
            return
        }
        #expect(refusedStatus == status)
    }

    @Test("HTTP/1.0 closes unless asked to keep alive; HTTP/1.1 keeps alive unless asked to close")
    func keepAlive() throws {
        #expect(try #require(Self.parse("GET / HTTP/1.0\r\n\r\n").1).keepsAlive == false)
        #expect(try #require(Self.parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").1).keepsAlive)
        #expect(try #require(Self.parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n").1).keepsAlive == false)
    }
}

extension HTTPParserTests {
    @Test("header names compare ignoring the case of letters alone")
    func headerNames() {
        #expect(HTTPRequest.sameName("X-Contract-Session", "x-contract-session"))
        #expect(!HTTPRequest.sameName("X-One", "X_One"))
        #expect(!HTTPRequest.sameName("A[", "a{"))
        #expect(!HTTPRequest.sameName("Host", "Hosts"))
    }
}
