import DogPatchClients
import Foundation
import HTTPStub
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The queue a client under test is built with.
enum QueueChoice: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case main, `private`

    var testDescription: String { "\(rawValue) queue" }

    func make() -> MarkedQueue {
        switch self {
        case .main: .main
        case .private: .makePrivate(label: "client-tests")
        }
    }
}

/// What one call of a client did: the requests it sent and how its completion ran.
struct ClientRun<Value: Sendable>: Sendable {
    let requests: [URLRequest]
    let observation: CompletionObservation<Result<Value, APIError>>
    let expectedQueueName: String

    var result: Result<Value, APIError>? { observation.first }
    var error: APIError? {
        if case .failure(let error)? = result { error } else { nil }
    }
    /// Whether every call ran on the queue the client was built with.
    var ranOnResponseQueue: Bool {
        !observation.queueNames.isEmpty && observation.queueNames.allSatisfy { $0 == expectedQueueName }
    }
}

/// Records requests in a lock so the stub's handler can hand them to the test.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [URLRequest] = []

    func append(_ request: URLRequest) { lock.withLock { requests.append(request) } }
    var all: [URLRequest] { lock.withLock { requests } }
}

/// Calls a client on a stub session that answers with `reply`, and observes its completion.
func runClient<Value: Sendable>(
    reply: StubReply,
    queue choice: QueueChoice,
    timeout: TimeInterval = 5,
    call: (StubSession, DispatchQueue, @escaping @Sendable (Result<Value, APIError>) -> Void) -> Void
) async -> ClientRun<Value> {
    let log = RequestLog()
    let session = StubSession { request in
        log.append(request)
        return reply
    }
    defer { session.invalidate() }
    let queue = choice.make()
    let probe = CompletionProbe<Result<Value, APIError>>(responseQueue: queue)
    call(session, queue.queue, probe.record)
    let observation = await probe.observe(session: session, timeout: timeout)
    return ClientRun(requests: log.all, observation: observation, expectedQueueName: queue.name)
}

/// A JSON body from a string.
func body(_ json: String) -> Data { Data(json.utf8) }

/// Whether blocks sent to a queue run on the main queue (Linux wraps the main queue anew on each
/// access, so identity cannot tell).
func isMainQueue(_ queue: DispatchQueue) async -> Bool {
    let main = MarkedQueue.main
    return await withCheckedContinuation { continuation in
        queue.async { continuation.resume(returning: main.isCurrent) }
    }
}
