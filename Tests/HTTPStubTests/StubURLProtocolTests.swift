import DogPatchClients
import Foundation
import HTTPStub
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLProtocol stub")
struct StubURLProtocolTests {
    /// Sends a request through a session and returns what the task delivered.
    private func send(
        _ request: URLRequest, through session: any URLSessionProtocol
    ) async -> (Data?, HTTPURLResponse?, URLError?) {
        await withCheckedContinuation { continuation in
            session.makeDataTask(with: request) { data, response, error in
                continuation.resume(returning: (data, response as? HTTPURLResponse, error as? URLError))
            }.resume()
        }
    }

    @Test("serves status, headers and the whole body")
    func servesResponse() async throws {
        let bodyData = Data(repeating: UInt8(ascii: "x"), count: 300_000)
        let session = StubSession(
            reply: .response(status: 201, headers: ["Content-Type": "application/json"], body: bodyData))
        defer { session.invalidate() }
        let (data, response, error) = await send(
            URLRequest(url: URL(string: "https://api.example.com/a")!), through: session)
        #expect(error == nil)
        #expect(response?.statusCode == 201)
        #expect(response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(data == bodyData)
    }

    @Test("the handler sees the request without the routing token")
    func handlerSeesRequest() async throws {
        let seen = Box<URLRequest?>(nil)
        let session = StubSession { request in
            seen.value = request
            return .response(status: 200)
        }
        defer { session.invalidate() }
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/things?a=1")!)
        request.setValue("yes", forHTTPHeaderField: "X-Custom")
        _ = await send(request, through: session)
        let recorded = try #require(seen.value)
        #expect(recorded.url?.absoluteString == "https://api.example.com/v1/things?a=1")
        #expect(recorded.value(forHTTPHeaderField: "X-Custom") == "yes")
        #expect(recorded.value(forHTTPHeaderField: StubURLProtocol.tokenHeader) == nil)
    }

    @Test("a request it cannot route fails with 'no route' and never reaches the network")
    func unroutable() async throws {
        let session = StubSession(reply: .response(status: 200))
        session.invalidate()
        // A fresh stub-first session whose requests carry no token: the stub claims and fails them.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        let bare = URLSession(configuration: configuration)
        defer { bare.invalidateAndCancel() }
        let request = URLRequest(url: URL(string: "https://no-such-host.invalid/dogs")!)
        let (_, response, error) = await send(request, through: bare)
        #expect(response == nil)
        // A DNS lookup of a .invalid host would fail with cannotFindHost; the stub answers first.
        #expect(error?.code == .unsupportedURL)
        #expect(error?.localizedDescription == "no route for GET https://no-such-host.invalid/dogs")
    }

    @Test("a transport error is delivered as a URLError with its code")
    func transportError() async {
        let session = StubSession(reply: .failure(.notConnectedToInternet))
        defer { session.invalidate() }
        let (_, response, error) = await send(
            URLRequest(url: URL(string: "https://api.example.com")!), through: session)
        #expect(response == nil)
        #expect(error?.code == .notConnectedToInternet)
    }

    @Test("parallel sessions each get their own answers", arguments: [8])
    func parallelSessions(count: Int) async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<count {
                group.addTask {
                    let session = StubSession(reply: .response(status: 200 + index, body: Data("\(index)".utf8)))
                    defer { session.invalidate() }
                    let (data, response, _) = await send(
                        URLRequest(url: URL(string: "https://api.example.com/same")!), through: session)
                    return response?.statusCode == 200 + index && data == Data("\(index)".utf8)
                }
            }
            for await matched in group {
                #expect(matched)
            }
        }
    }

    @Test("a reply that never comes can be cancelled, and the probe reports the timeout")
    func neverAnswers() async {
        let session = StubSession(reply: .never)
        defer { session.invalidate() }
        let probe = CompletionProbe<Bool>(responseQueue: .makePrivate())
        session.makeDataTask(with: URLRequest(url: URL(string: "https://api.example.com")!)) { _, _, _ in }.resume()
        let observation = await probe.observe(session: session, timeout: 0.2)
        #expect(observation.timedOut)
        #expect(observation.callCount == 0)
    }

    @Test("the probe counts every completion the handler delivers and names the queue each ran on")
    func probeCountsTwice() async {
        let queue = MarkedQueue.makePrivate()
        let session = StubSession(reply: .response(status: 200))
        defer { session.invalidate() }
        let probe = CompletionProbe<Int>(responseQueue: queue)
        session.makeDataTask(with: URLRequest(url: URL(string: "https://api.example.com")!)) { _, _, _ in
            queue.queue.async { probe.record(1) }
            DispatchQueue.global().sync { probe.record(2) }
            queue.queue.async { probe.record(3) }
        }.resume()
        let observation = await probe.observe(session: session, timeout: 5)
        #expect(!observation.timedOut)
        #expect(observation.values.sorted() == [1, 2, 3])
        #expect(observation.queueNames.filter { $0 == "a private queue" }.count == 2)
        #expect(
            observation.queueNames.contains(
                "a queue of the client's own choosing (not the main queue, nor the one it was given)"))
    }
}

/// A lock-protected value a stub handler can write and a test can read.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
