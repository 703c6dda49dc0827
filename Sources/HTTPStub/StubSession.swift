import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import DogPatchClients

/// A real `URLSession` whose first protocol class is `StubURLProtocol`, behind the clients' session seam.
///
/// Each session has its own token: every request made through it carries the token, and the stub
/// answers it with this session's handler. Call `invalidate()` when done.
public final class StubSession: URLSessionProtocol, @unchecked Sendable {
    /// The token this session's requests carry.
    public let token: String
    /// The underlying session.
    public let urlSession: URLSession
    /// The serial queue the session runs task completion handlers on.
    public let delegateQueue: OperationQueue

    private let lock = NSLock()
    private var tasks: [URLSessionDataTask] = []

    /// Creates a session whose requests the handler answers.
    /// - Parameter handler: Answers each request made through this session.
    public init(handler: @escaping StubRegistry.Handler) {
        token = UUID().uuidString
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
        configuration.urlCache = nil
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        urlSession = URLSession(configuration: configuration, delegate: nil, delegateQueue: delegateQueue)
        StubRegistry.shared.register(token, handler: handler)
    }

    /// Creates a session that answers every request with the same reply.
    /// - Parameter reply: The reply.
    public convenience init(reply: StubReply) {
        self.init { _ in reply }
    }

    /// Creates a data task whose request carries this session's token.
    /// - Parameters:
    ///   - request: The request the client built.
    ///   - completionHandler: Called once with the task's outcome.
    /// - Returns: The task, not yet resumed.
    public func makeDataTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any URLSessionDataTaskProtocol {
        var tagged = request
        // Per-request headers reach a URLProtocol on Linux; httpAdditionalHeaders do not.
        tagged.setValue(token, forHTTPHeaderField: StubURLProtocol.tokenHeader)
        let task = urlSession.dataTask(with: tagged, completionHandler: completionHandler)
        lock.withLock { tasks.append(task) }
        return task
    }

    /// Cancels every task made through this session.
    public func cancelAll() {
        for task in lock.withLock({ tasks }) {
            task.cancel()
        }
    }

    /// Runs a block once every completion handler the session has started so far has returned.
    /// - Parameter body: The block, run on the session's delegate queue.
    public func afterPendingCompletions(_ body: @escaping @Sendable () -> Void) {
        delegateQueue.addOperation(body)
    }

    /// Removes the route and invalidates the session, cancelling what is still running.
    public func invalidate() {
        StubRegistry.shared.remove(token)
        urlSession.invalidateAndCancel()
    }
}
