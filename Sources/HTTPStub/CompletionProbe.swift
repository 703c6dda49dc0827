import Foundation

/// Watches a client's completion: how often it ran, on which queue, and whether it ran in time.
///
/// Hand `record(_:)` to the client as its completion, then `await observe(...)`. Once the first
/// call arrives the probe waits for the session's running completion handlers and then for the
/// response queue to drain, so a second call made by the same handler is counted without sleeping.
public final class CompletionProbe<Value: Sendable>: Sendable {
    private let responseQueue: MarkedQueue

    /// What the probe has seen so far, and who waits for it.
    private struct State {
        var values: [Value] = []
        var queueNames: [String] = []
        var continuation: CheckedContinuation<CompletionObservation<Value>, Never>?
        var settled = false
        var settling = false
        var session: StubSession?
        var deadline: Int?
        /// Whoever drives the client gave up on it before it completed.
        var stopped = false
    }

    private let state = Locked(State())

    /// Creates a probe for completions expected on a queue.
    /// - Parameter responseQueue: The queue the client was built with.
    public init(responseQueue: MarkedQueue) {
        self.responseQueue = responseQueue
    }

    /// Records one call of the completion; pass this as the client's completion.
    /// - Parameter value: What the client delivered.
    @Sendable public func record(_ value: Value) {
        let onQueue = responseQueue.isCurrent
        let currentName = MarkedQueue.currentName
        let name = onQueue ? responseQueue.name : currentName
        let startSettling: Bool = state.withLock { state in
            state.values.append(value)
            state.queueNames.append(name)
            guard !state.settling, !state.settled, state.continuation != nil else { return false }
            state.settling = true
            return true
        }
        if startSettling { settle() }
    }

    /// Waits for the first completion, counts any that follow from the same work, and gives up after a timeout.
    /// - Parameters:
    ///   - session: The stub session the client was built on; its tasks are cancelled on timeout.
    ///   - timeout: How long to wait for the first completion.
    /// - Returns: What was observed.
    public func observe(session: StubSession, timeout: TimeInterval) async -> CompletionObservation<Value> {
        await withCheckedContinuation { continuation in
            let next: Next = state.withLock { state in
                state.session = session
                state.continuation = continuation
                guard state.values.isEmpty else {
                    state.settling = true
                    return .settle
                }
                return state.stopped ? .stop : .wait
            }
            switch next {
            case .settle:
                settle()
            case .stop:
                finish(timedOut: true)
            case .wait:
                // Cancelled when the probe finishes, so a finished replay is not kept alive until its deadline.
                let deadline = Deadlines.shared.add(after: timeout) { [self] in expire(session: session) }
                let finished: Bool = state.withLock { state in
                    state.deadline = deadline
                    return state.settled
                }
                // A completion that came in between has finished the probe already.
                if finished { Deadlines.shared.cancel(deadline) }
            }
        }
    }

    /// What `observe` does once it holds the continuation.
    private enum Next {
        case settle, stop, wait
    }

    /// Stops waiting for a client that has not completed, as a timeout would, but at once and
    /// without cancelling its requests: for a client caught in an endless loop, which a cancelled
    /// request would only send round again.
    public func stopWaiting() {
        let waiting: Bool = state.withLock { state in
            guard state.values.isEmpty, !state.settled else { return false }
            state.stopped = true
            return state.continuation != nil
        }
        if waiting { finish(timedOut: true) }
    }

    private func settle() {
        let queue = responseQueue.queue
        guard let session = state.withLock({ $0.session }) else { return }
        // Once the handler that delivered the first call has returned, anything it dispatched to
        // the response queue (a second call) runs before the block queued here.
        session.afterRunningCompletions { [self] in
            queue.async { [self] in finish(timedOut: false) }
        }
    }

    private func expire(session: StubSession) {
        let expired: Bool = state.withLock { $0.values.isEmpty && !$0.settled }
        guard expired else { return }
        session.cancelAll()
        finish(timedOut: true)
    }

    private func finish(timedOut: Bool) {
        let resume: (CheckedContinuation<CompletionObservation<Value>, Never>, CompletionObservation<Value>)? =
            state.withLock { state in
                guard !state.settled, let continuation = state.continuation else { return nil }
                state.settled = true
                state.continuation = nil
                state.deadline.map(Deadlines.shared.cancel)
                state.deadline = nil
                return (
                    continuation,
                    CompletionObservation(values: state.values, queueNames: state.queueNames, timedOut: timedOut)
                )
            }
        if let (continuation, observation) = resume {
            continuation.resume(returning: observation)
        }
    }
}
