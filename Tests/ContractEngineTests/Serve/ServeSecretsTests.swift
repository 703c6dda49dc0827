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
        let started = await SuiteServer.start(
            catalogue: TodoApp.Secrets.catalogue, options: VerifyOptions(),
            location: SuiteLocation(currentDirectory: folder.url), settings: SuiteServer.Settings(),
            events: { event in
                if case .request(let line) = event { log.withLock { $0.append(line) } }
            })
        return try started.get()
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
            "POST /api/oauth/token?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "X-Api-Key: \(key)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try connection.readResponse()
    }

    static func differences(_ answer: RawConnection.Response) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return try #require((object["nearest"] as? [String: Any])?["differences"] as? [String])
    }

    @Test("the app's own secrets are served where a contract states them; no answer, listing, journal or log shows one")
    func secretsServedAndHidden() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        let log = Locked<[String]>([])
        let server = try await Self.start(folder, log: log)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let secrets = TodoApp.Secrets.self
        let key = secrets.apiKey
        var answers: [RawConnection.Response] = []

        // Served: whatever key and token the app holds.
        let found = try connection.get(
            "/api/todos/search?q=milk&access_token=\(secrets.accessToken)", headers: ["X-Api-Key": key])
        #expect(found.status == 200, "\(found.text)")
        let other = try connection.get("/api/todos/search?q=milk&access_token=another", headers: ["X-Api-Key": "k2"])
        #expect(other.status == 200, "\(other.text)")
        let refreshed = try Self.post(Self.refreshBody(), query: "api_key=\(key)", key: key, on: connection)
        #expect(refreshed.status == 200, "\(refreshed.text)")
        answers += [found, other, refreshed]

        // Not served, and the 404 names what differs, never a secret.
        let wrongSearch = try connection.get(
            "/api/todos/search?q=bread&access_token=\(secrets.accessToken)", headers: ["X-Api-Key": key])
        #expect(wrongSearch.status == 404)
        #expect(try Self.differences(wrongSearch) == [#"query item "q" is "bread", the contract's is "milk""#])
        let noToken = try connection.get("/api/todos/search?q=milk", headers: ["X-Api-Key": key])
        #expect(noToken.status == 404)
        #expect(try Self.differences(noToken) == [#"query item "access_token" is missing"#])
        let wrongUser = try Self.post(
            Self.refreshBody(username: "bob"), query: "api_key=\(key)", key: key, on: connection)
        #expect(wrongUser.status == 404)
        #expect(try Self.differences(wrongUser) == [#"body .username: expected "ada", got "bob""#])
        answers += [wrongSearch, noToken, wrongUser]

        let listing = try connection.get("/_contracts")
        let journal = try connection.get("/_contracts/requests")
        #expect(listing.status == 200 && journal.status == 200)
        #expect(listing.text.contains(#""query":{"api_key":true}"#), "\(listing.text)")
        #expect(listing.text.contains(#""refresh_token":true"#), "\(listing.text)")
        #expect(journal.text.contains(#""path":"/api/todos/search""#), "\(journal.text)")
        answers += [listing, journal]
        let leaks = TodoApp.Secrets.leaks(
            in: folder, streams: answers.map(\.text) + [log.withLock { $0.joined(separator: "\n") }])
        #expect(leaks.isEmpty, "\(leaks)")
        #expect(log.withLock { $0.contains { $0.hasPrefix("POST /api/oauth/token") } })
    }

    @Test("a body naming a key twice is read last-wins: matched by its last value, and a 404 names the difference")
    func duplicateKeyLastWins() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        let server = try await Self.start(folder, log: Locked([]))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let key = TodoApp.Secrets.apiKey
        let lastIsRight = Self.refreshBody(username: "bob", duplicate: #", "username": "ada""#)
        #expect(try Self.post(lastIsRight, query: "api_key=\(key)", key: key, on: connection).status == 200)
        let lastIsWrong = Self.refreshBody(duplicate: #", "username": "bob""#)
        let refused = try Self.post(lastIsWrong, query: "api_key=\(key)", key: key, on: connection)
        #expect(refused.status == 404)
        #expect(try Self.differences(refused) == [#"body .username: expected "ada", got "bob""#])
    }
}
