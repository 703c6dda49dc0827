import ContractTestSupport
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

/// Issue 47: `serve` and the secrets a signed-in app sends from its configuration. Where a contract
/// states a secret (`true`, or a name that looks secret) any value is served, so the app's real key
/// works; no answer, listing, journal or log line shows one, so a wrong token never learns the
/// right one. A body naming a key twice is read last-wins, as the app's server would.
@Suite("serve: secrets by presence, shown nowhere")
struct ServeSecretsTests {
    static func start(_ folder: borrowing SuiteFolder, log: Locked<[String]>) async throws -> SuiteServer {
        return try await SuiteServer.serving(folder.url, catalogue: TodoApp.Secrets.catalogue, log: log)
    }

    /// The refresh body as the app sends it, its secrets those of its configuration.
    static func refreshBody(username: String = "ada", duplicate: String = "") -> String {
        let secrets = TodoApp.Secrets.self
        return
            #"{"grant_type": "refresh_token", "refresh_token": "\#(secrets.refreshToken)", "client_secret": "\#(secrets.clientSecret)", "username": "\#(username)", "password": "\#(secrets.password)"\#(duplicate)}"#
    }

    static func post(_ body: String, query: String, key: String, on connection: RawConnection) throws
        -> RawConnection.Response
    {
        connection.send(
            "POST /v1/oauth/token?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "X-Api-Key: \(key)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try connection.readResponse()
    }

    /// An answer as the test reads it: its status, its text, and the 404's differences.
    struct Answer: Sendable {
        let status: Int
        let text: String
        var differences: [String] {
            let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            return (object?["nearest"] as? [String: Any])?["differences"] as? [String] ?? []
        }
    }

    /// Blocking socket work on a thread of its own, so the test never holds one of the few
    /// threads every task of the run (an async client's among them) needs.
    static func exchange(port: Int, _ work: @escaping @Sendable (RawConnection) throws -> [RawConnection.Response])
        async throws -> [Answer]
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try work(try RawConnection(port: port)).map { Answer(status: $0.status, text: $0.text) }
                    })
            }.start()
        }
    }

    @Test("the app's own secrets are served where a contract states them; no answer, listing, journal or log shows one")
    func secretsServedAndHidden() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        let log = Locked<[String]>([])
        let server = try await Self.start(folder, log: log)
        defer { server.stop() }
        let secrets = TodoApp.Secrets.self
        let key = secrets.apiKey
        let answers = try await Self.exchange(port: server.port) { connection in
            [
                // Served: whatever key and token the app holds.
                try connection.get(
                    "/v1/todos?q=milk&access_token=\(secrets.accessToken)", headers: ["X-Api-Key": key]),
                try connection.get("/v1/todos?q=milk&access_token=another", headers: ["X-Api-Key": "k2"]),
                try Self.post(Self.refreshBody(), query: "api_key=\(key)", key: key, on: connection),
                try Self.post(
                    Self.refreshBody(), query: "api_key=app-real-key", key: "app-real-key", on: connection),
                // Not served, and the 404 names what differs, never a secret.
                try connection.get(
                    "/v1/todos?q=bread&access_token=\(secrets.accessToken)", headers: ["X-Api-Key": key]),
                try connection.get("/v1/todos?q=milk", headers: ["X-Api-Key": key]),
                try Self.post(Self.refreshBody(username: "bob"), query: "api_key=\(key)", key: key, on: connection),
                try connection.get("/_contracts"),
                try connection.get("/_contracts/requests"),
            ]
        }
        try #require(answers.count == 9)
        #expect(answers[0..<4].map(\.status) == [200, 200, 200, 200], "\(answers.map(\.text))")
        #expect(answers[4..<7].map(\.status) == [404, 404, 404])
        #expect(answers[4].differences == [#"query item "q" is "bread", the contract's is "milk""#])
        #expect(answers[5].differences == [#"query item "access_token" is missing"#])
        #expect(answers[6].differences == [#"body .username: expected "ada", got "bob""#])
        let (listing, journal) = (answers[7], answers[8])
        #expect(listing.status == 200 && journal.status == 200)
        #expect(listing.text.contains(#""query":{"api_key":true}"#), "\(listing.text)")
        #expect(listing.text.contains(#""refresh_token":true"#), "\(listing.text)")
        #expect(journal.text.contains(#""path":"/v1/todos""#), "\(journal.text)")
        let lines = log.withLock { $0 }
        let leaks = TodoApp.Secrets.leaks(in: folder, streams: answers.map(\.text) + lines)
        #expect(leaks.isEmpty, "\(leaks)")
        #expect(lines.contains { $0.hasPrefix("POST /v1/oauth/token") }, "\(lines)")
    }

    @Test("a body naming a key twice is read last-wins: matched by its last value, and a 404 names the difference")
    func duplicateKeyLastWins() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        let server = try await Self.start(folder, log: Locked([]))
        defer { server.stop() }
        let key = TodoApp.Secrets.apiKey
        let answers = try await Self.exchange(port: server.port) { connection in
            [
                try Self.post(
                    Self.refreshBody(username: "bob", duplicate: #", "username": "ada""#), query: "api_key=\(key)",
                    key: key, on: connection),
                try Self.post(
                    Self.refreshBody(duplicate: #", "username": "bob""#), query: "api_key=\(key)", key: key,
                    on: connection),
            ]
        }
        try #require(answers.count == 2)
        #expect(answers[0].status == 200, "\(answers[0].text)")
        #expect(answers[1].status == 404)
        #expect(answers[1].differences == [#"body .username: expected "ada", got "bob""#])
    }
}
