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
        /// For a flow whose client would not stop sending requests, the count at which the stub
        /// stopped answering it; `nil` otherwise.
        var capped: Int?

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
        await call(
            endpoint, arguments: arguments, baseURL: baseURL, queue: queue, timeout: timeout, replies: [reply],
            cap: nil)
    }

    /// Calls an endpoint's client on a stub session that answers its requests in turn.
    /// - Parameters:
    ///   - replies: What the stub answers the first requests with, in order; a request past them
    ///     gets no route.
    ///   - cap: How many requests the client may send before the stub stops answering and the
    ///     wait ends (a client in an endless loop); `nil` for no cap.
    static func call(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], baseURL: URL? = nil, queue: MarkedQueue,
        timeout: TimeInterval, replies: [StubReply], cap: Int?
    ) async -> Observation {
        let log = Locked([URLRequest]())
        let probe = CompletionProbe<Result<DecodedValue, any Error>>(responseQueue: queue)
        let session = StubSession { request in
            let index = log.withLock { seen in
                seen.append(request)
                return seen.count - 1
            }
            if index < replies.count { return replies[index] }
            guard let cap, index + 1 >= cap else { return .failure(.unsupportedURL) }
            // Left unanswered, not failed: a failure would only send the loop round again.
            probe.stopWaiting()
            return .never
        }
        endpoint.call(
            Endpoint.Invocation(
                session: session, responseQueue: queue.queue, arguments: arguments, baseURL: baseURL,
                urlSession: { session.appSession }, completion: probe.record
            ))
        let completion = await probe.observe(session: session, timeout: timeout)
        let requests = log.withLock { $0 }
        var observation = Observation(
            requests: requests, completion: completion, queueName: queue.name, errors: endpoint.errors)
        if let cap, completion.values.isEmpty, requests.count >= cap {
            // Its last request is left unanswered rather than cancelled, and its session is not
            // ended, so the loop stops there instead of spinning on after the replay.
            observation.capped = cap
        } else {
            session.invalidate()
        }
        return observation
    }

    /// How many requests past its exchanges a flow's client may send before the tool stops
    /// answering it: enough for a client that retries a few times, few enough to end a loop at once.
    static let flowSlack = 10

    /// Calls the endpoint's client once for a flow: the stub answers its requests with the
    /// exchanges' responses in turn, and stops answering a client that would not stop.
    /// - Parameters:
    ///   - endpoint: The contract's endpoint.
    ///   - contract: The contract, for the arguments and the response queue.
    ///   - replies: Each exchange's response with its body, in order.
    /// - Returns: The requests and how the completion ran.
    func replayFlow(_ endpoint: Endpoint, contract: Contract, replies: [(response: ResponseSpec, body: Data)]) async
        -> Observation
    {
        let queue: MarkedQueue =
            contract.responseQueue == .main ? .main : .makePrivate(label: "dogpatch-contracts.replay")
        return await Self.call(
            endpoint, arguments: contract.arguments, queue: queue, timeout: timeout,
            replies: replies.map { Self.reply(for: $0.response, body: $0.body) },
            cap: replies.count + Self.flowSlack)
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
