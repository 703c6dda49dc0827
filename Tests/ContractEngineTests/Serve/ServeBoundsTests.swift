import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import HTTPWire
import Testing

@testable import ContractEngine

/// A server left running for a day under parallel sessions (issue 49): sessions are bounded and
/// dropped, and reading a long journal stalls no one.
@Suite("serve: bounded sessions and journal reads")
struct ServeBoundsTests {
    /// The repository's suite behind a router whose clock the test moves.
    static func router(
        at root: URL = ServeClientAgreementTests.root, cors: [String] = [], limits: SessionLimits = SessionLimits(),
        clock: Locked<TimeInterval> = Locked(0)
    ) async throws -> CaseRouter {
        let loaded = await ServedSuite.load(
            catalogue: .standard, options: VerifyOptions(), location: SuiteLocation(currentDirectory: root))
        return CaseRouter(
            suite: try loaded.get(), choices: [], cors: cors, limits: limits, clock: { clock.withLock { $0 } })
    }

    /// The answer to a request, made whole when the router hands it off the thread.
    static func send(
        _ router: CaseRouter, _ method: String, _ target: String, session: String? = nil, body: String = "",
        headers more: [(name: String, value: String)] = []
    ) -> (status: Int?, head: String, body: String) {
        var headers = [(name: "Host", value: "127.0.0.1")] + more
        if let session { headers.append((CaseRouter.sessionHeader, session)) }
        var answer = router.answer(
            HTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8)))
        while case .later(let work) = answer.kind { answer = work() }
        guard case .response(let status, let bytes, let count) = answer.kind else { return (nil, "", "") }
        let text = String(decoding: bytes.dropLast(count), as: UTF8.self)
        return (status, text, String(decoding: bytes.suffix(count), as: UTF8.self))
    }

    static func journalCount(_ router: CaseRouter, session: String?) throws -> Int {
        let listed = send(router, "GET", "/_contracts/requests", session: session)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.body.utf8)) as? [String: Any])
        return try #require(object["requests"] as? [Any]).count
    }

    @Test("past the count, the least recently used session goes first; the default session stays")
    func countLimit() async throws {
        let clock = Locked<TimeInterval>(0)
        let router = try await Self.router(limits: SessionLimits(count: 2, idle: 3600), clock: clock)
        _ = Self.send(router, "GET", "/api/v1/dogs")
        for (index, name) in ["a", "b", "c"].enumerated() {
            clock.withLock { $0 = TimeInterval(index) }
            _ = Self.send(router, "GET", "/api/v1/dogs", session: name)
        }
        #expect(router.state.withLock { Set($0.sessions.keys) } == ["", "b", "c"])
        #expect(try Self.journalCount(router, session: nil) == 1)
        #expect(try Self.journalCount(router, session: "c") == 1)
        // "a" was dropped: asking for it makes a new, empty one (and drops the oldest, "b").
        #expect(try Self.journalCount(router, session: "a") == 0)
    }

    @Test("a session idle past the limit starts over; 10,000 sessions keep no more than the count")
    func idleLimit() async throws {
        let clock = Locked<TimeInterval>(0)
        let router = try await Self.router(limits: SessionLimits(count: 50, idle: 60), clock: clock)
        _ = Self.send(router, "GET", "/api/v1/dogs", session: "ui-1")
        clock.withLock { $0 = 61 }
        #expect(try Self.journalCount(router, session: "ui-1") == 0)
        for index in 0..<10_000 {
            router.state.withLock { $0.touch("clone-\(index)", now: 100 + TimeInterval(index), limits: router.limits) }
        }
        #expect(router.state.withLock { $0.sessions.count } <= 51)
    }

    @Test("a session id over the cap is refused with 400 and no session is made")
    func idCap() async throws {
        let router = try await Self.router()
        let answer = Self.send(router, "GET", "/api/v1/dogs", session: String(repeating: "x", count: 8192))
        #expect(answer.status == 400)
        #expect(answer.body.contains("X-Contract-Session is over 128 bytes"))
        #expect(router.state.withLock { $0.sessions.count } == 0)
    }

    @Test("DELETE /_contracts/session forgets the session: its selections and journal")
    func forget() async throws {
        let router = try await Self.router()
        let select = #"{"contract":"get-dogs.json","case":"service unavailable"}"#
        #expect(Self.send(router, "POST", "/_contracts/select", session: "s", body: select).status == 200)
        #expect(Self.send(router, "GET", "/api/v1/dogs", session: "s").status == 503)
        #expect(Self.send(router, "DELETE", "/_contracts/session", session: "s").status == 200)
        #expect(router.state.withLock { $0.sessions["s"] } == nil)
        #expect(Self.send(router, "GET", "/api/v1/dogs", session: "s").status == 200)
        #expect(try Self.journalCount(router, session: "s") == 1)
    }

    @Test("a journal read is made off the serving thread, its times as RFC 3339 says")
    func journalOffThread() async throws {
        let router = try await Self.router()
        for _ in 0..<10_000 { _ = Self.send(router, "GET", "/api/v1/dogs") }
        let answer = router.answer(
            HTTPRequest(method: "GET", target: "/_contracts/requests", headers: [("Host", "127.0.0.1")]))
        guard case .later = answer.kind else {
            Issue.record("the journal is written on the serving thread")
            return
        }
        #expect(try Self.journalCount(router, session: nil) == 10_000)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for seconds in [0, 951_782_400.5, 1_709_251_199.999, 4_102_444_800.25, -86_400.75] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(JournalEntry.format(date) == formatter.string(from: date), "\(seconds)")
        }
    }

    @Test("a wrong method on the control path: 405 with Allow")
    func allow() async throws {
        let router = try await Self.router()
        for (method, path, allowed) in [
            ("GET", "/_contracts/select", "POST"), ("PUT", "/_contracts/requests", "GET, HEAD, DELETE"),
            ("POST", "/_contracts", "GET, HEAD"), ("GET", "/_contracts/session", "DELETE"),
        ] {
            let answer = Self.send(router, method, path)
            #expect(answer.status == 405)
            #expect(answer.head.contains("\r\nAllow: \(allowed)\r\n"), "\(method) \(path)")
        }
    }
}
