import ContractCatalogue
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replays a case through the real client: builds it on a stub session, serves the case's
/// response, and checks the request, the result and how the completion ran.
struct Replayer: Sendable {
    /// How long a replayed client may take to complete, in seconds, when a run does not say: the
    /// one default that `verify`, `mutate`, `add`, Swift Testing and learning a request share.
    static let defaultTimeout: TimeInterval = 5

    /// How long a client may take to complete.
    let timeout: TimeInterval

    /// What one replay observed.
    struct Observation: Sendable {
        /// The requests the client sent, in order.
        let requests: [URLRequest]
        /// How the completion ran.
        let completion: CompletionObservation<Result<DecodedValue, any Error>>
        /// The queue the client was built with, by name.
        let queueName: String
        /// The endpoint's error vocabulary, which reads the client's errors.
        let errors: ErrorVocabulary

        /// What the client's first completion reported, in the contracts' words; `nil` when it never completed.
        var firstOutcome: Outcome? {
            completion.first.map { Outcome($0, errors: errors) }
        }
    }

    /// Calls the endpoint's client with the contract's arguments and observes it.
    func replay(_ endpoint: Endpoint, contract: Contract, response: ResponseSpec, body: Data) async -> Observation {
        let queue: MarkedQueue =
            contract.responseQueue == .main ? .main : .makePrivate(label: "dogpatch-contracts.replay")
        return await Self.call(
            endpoint, arguments: contract.arguments, queue: queue, timeout: timeout,
            reply: Self.reply(for: response, body: body)
        )
    }

    /// Calls an endpoint's client on a stub session and observes it: the one place the tool
    /// drives a client, for replay and for learning the request a live call sends.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - arguments: Its arguments.
    ///   - baseURL: The base URL to build the client with; `nil` for the endpoint's own.
    ///   - queue: The queue the client is built with.
    ///   - timeout: How long the client may take to complete.
    ///   - reply: What the stub answers the first request with; any other request gets no route.
    /// - Returns: The requests and how the completion ran.
    static func call(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], baseURL: URL? = nil, queue: MarkedQueue,
        timeout: TimeInterval,
        reply: StubReply
    ) async -> Observation {
        let log = Locked([URLRequest]())
        let session = StubSession { request in
            let first = log.withLock { seen in
                seen.append(request)
                return seen.count == 1
            }
            return first ? reply : .failure(.unsupportedURL)
        }
        defer { session.invalidate() }
        let probe = CompletionProbe<Result<DecodedValue, any Error>>(responseQueue: queue)
        endpoint.call(
            Endpoint.Invocation(
                session: session, responseQueue: queue.queue, arguments: arguments, baseURL: baseURL,
                urlSession: { session.appSession }, completion: probe.record
            ))
        let completion = await probe.observe(session: session, timeout: timeout)
        return Observation(
            requests: log.withLock { $0 }, completion: completion, queueName: queue.name, errors: endpoint.errors)
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
