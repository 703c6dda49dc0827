import DogPatchClients
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Learns the exact request a client sends, by calling it on the stub: the tool never builds a URL
/// itself, so what goes to the server is what the app would send.
enum RequestCapture {
    /// The request the endpoint's client sends for a contract's arguments.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - arguments: The contract's arguments.
    ///   - baseURL: The base URL to build the client with.
    ///   - timeout: How long the client may take to send it.
    /// - Returns: The request, with the stub's routing header removed, or why there is none.
    static func capture(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], baseURL: URL, timeout: TimeInterval
    ) async -> Result<URLRequest, LiveFailure> {
        let seen = CapturedRequest()
        // The stub answers with a cancellation: the request is all that is wanted.
        let session = StubSession { request in
            seen.keep(request)
            return .failure(.cancelled)
        }
        defer { session.invalidate() }
        let queue = MarkedQueue.makePrivate(label: "dogpatch-contracts.capture")
        let probe = CompletionProbe<Result<DecodedValue, APIError>>(responseQueue: queue)
        endpoint.call(
            Endpoint.Invocation(
                session: session, responseQueue: queue.queue, arguments: arguments, baseURL: baseURL, completion: probe.record
            ))
        let observation = await probe.observe(session: session, timeout: timeout)
        if let request = seen.request { return .success(request) }
        let display = Redaction.url(baseURL)
        if case .failure(let error)? = observation.first {
            return .failure(LiveFailure(url: display, reason: "the client sends no request: it answers \(error)"))
        }
        return .failure(LiveFailure(url: display, reason: "the client sent no request within \(timeout) s"))
    }
}

/// The first request a stub session saw.
private final class CapturedRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var first: URLRequest?

    func keep(_ request: URLRequest) {
        lock.withLock { if first == nil { first = request } }
    }

    var request: URLRequest? { lock.withLock { first } }
}
