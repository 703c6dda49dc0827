import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live request: captured from the real client, sent with the tool's own session.
@Suite("live requests against a loopback server")
struct LiveFetcherTests {
    static func get(_ server: LoopbackServer, _ path: String) -> URLRequest {
        URLRequest(url: server.baseURL.appendingPathComponent(path))
    }

    @Test("a response comes back whole, with its status and headers, and no cookie is kept or sent")
    func response() async throws {
        let server = try LoopbackServer(routes: [
            "/data": .json(#"[{"name": {"common": "Peru"}}]"#, headers: [("Set-Cookie", "session=secret; Path=/")])
        ])
        defer { server.stop() }
        let first = try await LiveFetcher.fetch(Self.get(server, "data"), timeout: 5).get()
        #expect(first.status == 200)
        #expect(String(decoding: first.body, as: UTF8.self) == #"[{"name": {"common": "Peru"}}]"#)
        #expect(first.header("content-type") == "application/json; charset=utf-8")
        _ = try await LiveFetcher.fetch(Self.get(server, "data"), timeout: 5).get()
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
    }

    @Test("a same-host redirect is followed and named; another host's is refused and never reached")
    func redirects() async throws {
        let other = try LoopbackServer(host: "127.0.0.2", routes: ["/there": .json("[]")])
        defer { other.stop() }
        let server = try LoopbackServer(routes: [
            "/moved": .redirect(to: "/here"),
            "/here": .json("[]"),
            "/away": .redirect(to: "http://127.0.0.2:\(other.port)/there"),
        ])
        defer { server.stop() }
        let moved = try await LiveFetcher.fetch(Self.get(server, "moved"), timeout: 5).get()
        #expect(moved.status == 200)
        #expect(moved.redirects.map(\.path) == ["/here"])
        let away = await LiveFetcher.fetch(Self.get(server, "away"), timeout: 5)
        guard case .failure(let failure) = away else {
            Issue.record("a redirect to another host was followed")
            return
        }
        #expect(
            failure.reason
                == "the server redirects to http://127.0.0.2:\(other.port)/there, another host; the redirect was not followed"
        )
        #expect(other.requests.isEmpty)
    }

    @Test(
        "a closed port, a server that never answers and a body over the limit are failures with the URL and the reason")
    func failures() async throws {
        let server = try LoopbackServer(routes: [
            "/slow": .hang, "/big": .stream(bytes: 8 << 20), "/announced": .announce(bytes: 2 << 20),
        ])
        let closed = try LoopbackServer()
        let closedURL = closed.baseURL
        closed.stop()
        let refused = await LiveFetcher.fetch(URLRequest(url: closedURL.appendingPathComponent("x")), timeout: 5)
        #expect(refused.failureReason?.hasPrefix("could not connect") == true, "\(refused)")
        let slow = await LiveFetcher.fetch(Self.get(server, "slow"), timeout: 0.3)
        #expect(slow.failureReason == "no complete answer within 0.3 s", "\(slow)")
        // The engine names no flag; whoever runs it names the setting in its own words.
        if case .failure(let failure) = slow {
            #expect(failure.message(naming: .plain).hasSuffix("0.3 s (the timeout)"))
        }
        let big = await LiveFetcher.fetch(Self.get(server, "big"), timeout: 10, maxBytes: 1 << 20)
        #expect(big.failureReason == "the body passed the limit of 1048576 bytes (1 MiB) and was refused", "\(big)")
        // The rest of this body never comes: only the announced length can have refused it.
        let announced = await LiveFetcher.fetch(Self.get(server, "announced"), timeout: 10, maxBytes: 1 << 20)
        #expect(
            announced.failureReason == "the server announces 2097152 bytes, over the limit of 1048576 bytes (1 MiB)",
            "\(announced)")
        server.stop()
    }
}

extension Result where Failure == LiveFailure {
    var failureReason: String? {
        if case .failure(let failure) = self { failure.reason } else { nil }
    }
}
