import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// Issue 40: `serve` matches a request by what its contract states besides the method, path and
/// query: each stated header (present, or with its value; names ignore case) and the body as JSON;
/// an unmatched request's 404 names what differed.
@Suite("serve: the headers and body a contract states")
struct ServeRequestTests {
    static func start(_ folder: borrowing SuiteFolder) async throws -> SuiteServer {
        return try await SuiteServer.serving(folder.url, catalogue: TodoWrites.catalogue)
    }

    /// A POST of `/v1/lists/home/todos` with the headers given, its body sent with a Content-Length, or in
    /// two chunks.
    static func post(
        _ body: String, headers: [String: String], chunked: Bool = false, on connection: RawConnection
    ) throws -> RawConnection.Response {
        var head = "POST /v1/lists/home/todos HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if chunked {
            let bytes = Array(body.utf8)
            let half = bytes.count / 2
            let parts = [bytes[..<half], bytes[half...]].map { String(decoding: $0, as: UTF8.self) }
            head += "Transfer-Encoding: chunked\r\n\r\n"
            for part in parts { head += String(part.utf8.count, radix: 16) + "\r\n" + part + "\r\n" }
            connection.send(head + "0\r\n\r\n")
        } else {
            connection.send(head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        }
        return try connection.readResponse()
    }

    static let headers = [
        "content-type": "application/json", "Authorization": "Bearer anything", "X-Client-Version": "ios-7.1",
    ]

    /// The contract's body, its keys in another order and spaced otherwise, a number written otherwise.
    static let reordered = """
        { "tags" : [ "shop" ], "priority": 2.0, "list_id": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
          "due_at": null, "title": "Milk" }
        """

    static func differences(_ answer: RawConnection.Response) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return try #require((object["nearest"] as? [String: Any])?["differences"] as? [String])
    }

    @Test("a POST matches by its body as JSON (order, spacing and a number's form free), sent by length or chunked")
    func matchesByBody() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        let server = try await Self.start(folder)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let created = try Self.post(TodoWrites.milk, headers: Self.headers, on: connection)
        #expect(created.status == 201, "\(created.text)")
        #expect(created.text == "{\"id\": 7}")
        #expect(try Self.post(Self.reordered, headers: Self.headers, on: connection).status == 201)
        #expect(try Self.post(Self.reordered, headers: Self.headers, chunked: true, on: connection).status == 201)
        // A GET of the list is the list's, which states nothing: answered as before.
        #expect(try connection.get("/v1/lists/home/todos").status == 200)
    }

    @Test("a POST whose body differs is a 404 naming the body's first differing path")
    func bodyDifference() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        let server = try await Self.start(folder)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let lower = TodoWrites.milk.replacingOccurrences(of: "\"Milk\"", with: "\"milk\"")
        let answer = try Self.post(lower, headers: Self.headers, on: connection)
        #expect(answer.status == 404)
        #expect(try Self.differences(answer) == [#"body .title: expected "Milk", got "milk""#])
        #expect(answer.text.contains("\"contract\":\"contracts/create.json\""))
        let extra = TodoWrites.milk.replacingOccurrences(of: "\"shop\"]", with: "\"shop\", \"now\"]")
        #expect(
            try Self.differences(try Self.post(extra, headers: Self.headers, on: connection)) == [
                #"body .tags[1]: expected nothing, got "now""#
            ])
        let fraction = TodoWrites.milk.replacingOccurrences(of: "\"priority\": 2", with: "\"priority\": 2.5")
        #expect(
            try Self.differences(try Self.post(fraction, headers: Self.headers, on: connection)) == [
                "body .priority: expected 2, got 2.5"
            ])
        #expect(try Self.differences(try Self.post("", headers: Self.headers, on: connection)) == ["body is missing"])
    }

    @Test("a request missing a stated header, or with another value, is a 404 naming the header; names ignore case")
    func statedHeaders() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        let server = try await Self.start(folder)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        var missing = Self.headers
        missing["Authorization"] = nil
        let refused = try Self.post(TodoWrites.milk, headers: missing, on: connection)
        #expect(refused.status == 404)
        #expect(try Self.differences(refused) == [#"header "Authorization" is missing"#])
        var other = Self.headers
        other["X-Client-Version"] = "android-2"
        #expect(
            try Self.differences(try Self.post(TodoWrites.milk, headers: other, on: connection)) == [
                #"header "X-Client-Version" is "android-2", the contract's is "ios-7.1""#
            ])
        var shouted = Self.headers
        shouted["AUTHORIZATION"] = shouted.removeValue(forKey: "Authorization")
        #expect(try Self.post(TodoWrites.milk, headers: shouted, on: connection).status == 201)
        // The listing shows what the contract states, a secret by presence alone.
        let listing = try connection.get("/_contracts")
        #expect(listing.text.contains(#""headers":{"Authorization":true,"Content-Type":"application/json","#))
    }
}
