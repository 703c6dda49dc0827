import DogPatchClients
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replays a case through the real client: builds it on a stub session, serves the case's
/// response, and checks the request, the result and how the completion ran.
struct Replayer: Sendable {
    /// How long a client may take to complete.
    let timeout: TimeInterval

    /// What one replay observed.
    struct Observation: Sendable {
        /// The requests the client sent, in order.
        let requests: [URLRequest]
        /// How the completion ran.
        let completion: CompletionObservation<Result<DecodedValue, APIError>>
        /// The queue the client was built with, by name.
        let queueName: String
    }

    /// Calls the endpoint's client with the contract's arguments and observes it.
    func replay(_ endpoint: Endpoint, contract: Contract, response: ResponseSpec, body: Data) async -> Observation {
        let log = RequestRecorder()
        let reply = Self.reply(for: response, body: body)
        let session = StubSession { request in
            // The first request gets the case's response; a client that sends more gets no route.
            log.record(request) ? reply : .failure(.unsupportedURL)
        }
        defer { session.invalidate() }
        let queue: MarkedQueue = contract.responseQueue == .main ? .main : .makePrivate(label: "dogpatch-contracts.replay")
        let probe = CompletionProbe<Result<DecodedValue, APIError>>(responseQueue: queue)
        endpoint.call(
            Endpoint.Invocation(
                session: session, responseQueue: queue.queue, arguments: contract.arguments, completion: probe.record
            ))
        let completion = await probe.observe(session: session, timeout: timeout)
        return Observation(requests: log.requests, completion: completion, queueName: queue.name)
    }

    static func reply(for response: ResponseSpec, body: Data) -> StubReply {
        let delay = TimeInterval(response.delayMs) / 1000
        switch response.kind {
        case .networkError(let code, _):
            return .failure(code, delay: delay)
        case .http(let status, let headers, _):
            return .response(status: status, headers: headers, body: body, delay: delay)
        }
    }
}

/// The requests a stub session saw, behind a lock.
private final class RequestRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [URLRequest] = []

    /// Records a request; `true` when it is the first.
    func record(_ request: URLRequest) -> Bool {
        lock.withLock {
            seen.append(request)
            return seen.count == 1
        }
    }

    var requests: [URLRequest] { lock.withLock { seen } }
}
