import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `URLSession` whose first protocol class is `StubURLProtocol`, behind the clients' session seam.
///
/// Each session has its own token: every request made through it carries the token, and the stub
/// answers it with this session's handler. Call `invalidate()` when done.
public final class StubSession: URLSessionProtocol, Sendable {
    /// The token this session's requests carry.
    public let token: String
    /// The underlying session.
    public let urlSession: URLSession

    private struct State {
        /// The tasks whose completion handler has not run yet, by the number this session gave them.
        var tasks: [Int: URLSessionDataTask] = [:]
        var taskCount = 0
        /// Completion handlers running now, and the blocks waiting for them to return.
        var runningHandlers = 0
        var waitingForHandlers: [@Sendable () -> Void] = []
        var invalidated = false
        /// The slot of the session handed to the app's own transport, once it asked for one.
        var slot: (slot: Int, session: URLSession)?
    }

    private let state = Locked(State())
    private let lease: StubSessionPool.Lease

    /// Creates a session whose requests the handler answers.
    /// - Parameter handler: Answers each request made through this session.
    public init(handler: @escaping StubRegistry.Handler) {
        token = UniqueTag.next("session")
        // A URLSession from the pool: creating and invalidating one per replay costs more than
        // the replay itself. This session's requests still carry its own token, so a request a
        // client makes after its replay ended finds no route, as it would on a session of its own.
        lease = StubSessionPool.shared.take()
        urlSession = lease.session
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
    ) -> any ContractDataTask {
        var tagged = request
        // Per-request headers reach a URLProtocol on Linux; httpAdditionalHeaders do not.
        tagged.setValue(token, forHTTPHeaderField: StubURLProtocol.tokenHeader)
        let number = state.withLock { state in
            defer { state.taskCount += 1 }
            return state.taskCount
        }
        let task = urlSession.dataTask(with: tagged) { [self] data, response, error in
            state.withLock { state in
                // Finished: cancelling it later would only cost a trip through URLSession's queue.
                state.tasks[number] = nil
                state.runningHandlers += 1
            }
            completionHandler(data, response, error)
            handlerReturned()
        }
        // The client resumes the task after this returns, so its handler cannot have run yet.
        state.withLock { $0.tasks[number] = task }
        return task
    }

    /// A real `URLSession` for the app's own transport (an adapter that takes a `URLSession`),
    /// with the stub first in its `protocolClasses`: every request sent through it, with no token
    /// of the tool's, is answered as this session's are, so the adapter's own code runs. The same
    /// session each time it is asked; `invalidate()` gives it back.
    public var appSession: URLSession {
        state.withLock { state in
            if let slot = state.slot { return slot.session }
            let taken = SessionSlots.shared.take(for: token)
            state.slot = taken
            return taken.session
        }
    }

    /// Cancels every task made through this session (and the app's session) that has not completed.
    public func cancelAll() {
        let (tasks, appSession) = state.withLock { (Array($0.tasks.values), $0.slot?.session) }
        for task in tasks {
            task.cancel()
        }
        appSession?.getAllTasks { tasks in
            for task in tasks { task.cancel() }
        }
    }

    /// Runs a block once the completion handlers running now have returned: at once when none
    /// is, else on the session's delegate queue as the last one returns. Whatever a handler
    /// dispatched before returning is then already queued.
    /// - Parameter body: The block.
    public func afterRunningCompletions(_ body: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { state in
            guard state.runningHandlers > 0 else { return true }
            state.waitingForHandlers.append(body)
            return false
        }
        if now { body() }
    }

    private func handlerReturned() {
        let waiting: [@Sendable () -> Void] = state.withLock { state in
            state.runningHandlers -= 1
            guard state.runningHandlers == 0 else { return [] }
            defer { state.waitingForHandlers = [] }
            return state.waitingForHandlers
        }
        for body in waiting { body() }
    }

    /// Removes the route and cancels what is still running; the underlying URLSession goes back
    /// to the pool. Calling it again does nothing.
    public func invalidate() {
        StubRegistry.shared.remove(token)
        let first: Bool = state.withLock { state in
            defer { state.invalidated = true }
            return !state.invalidated
        }
        guard first else { return }
        cancelAll()
        // The tasks hold their handlers, which hold this session: let them go.
        let slot = state.withLock { state in
            state.tasks = [:]
            defer { state.slot = nil }
            return state.slot
        }
        // The slot goes back once its tasks are cancelled, so none is answered as the next holder's.
        if let (index, session) = slot {
            session.getAllTasks { tasks in
                for task in tasks { task.cancel() }
                SessionSlots.shared.give(back: index)
            }
        }
        StubSessionPool.shared.give(back: lease)
    }
}
