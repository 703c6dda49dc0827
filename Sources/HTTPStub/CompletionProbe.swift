import Foundation

/// Watches a client's completion: how often it ran, on which queue, and whether it ran in time.
///
/// Hand `record(_:)` to the client as its completion, then `await observe(...)`. Once the first
/// call arrives the probe waits for the session's running completion handlers and then for the
/// response queue to drain, so a second call made by the same handler is counted without sleeping.
public final class CompletionProbe<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let responseQueue: MarkedQueue
    private var values: [Value] = []
    private var queueNames: [String] = []
    private var continuation: CheckedContinuation<CompletionObservation<Value>, Never>?
    private var settled = false
    private var settling = false
    private var session: StubSession?
    private var deadline: Int?

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
        let startSettling: Bool = lock.withLock {
            values.append(value)
            queueNames.append(onQueue ? responseQueue.name : currentName)
            guard !settling, !settled, continuation != nil else { return false }
            settling = true
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
            let startSettling: Bool = lock.withLock {
                self.session = session
                self.continuation = continuation
                guard !values.isEmpty else { return false }
                settling = true
                return true
            }
            if startSettling {
                settle()
            } else {
                // Cancelled when the probe finishes, so a finished replay is not kept alive until its deadline.
                let deadline = Deadlines.shared.add(after: timeout) { [self] in expire(session: session) }
                let finished: Bool = lock.withLock {
                    self.deadline = deadline
                    return settled
                }
                // A completion that came in between has finished the probe already.
                if finished { Deadlines.shared.cancel(deadline) }
            }
        }
    }

    private func settle() {
        let queue = responseQueue.queue
        guard let session = lock.withLock({ self.session }) else { return }
        // Once the handler that delivered the first call has returned, anything it dispatched to
        // the response queue (a second call) runs before the block queued here.
        session.afterRunningCompletions { [self] in
            queue.async { [self] in finish(timedOut: false) }
        }
    }

    private func expire(session: StubSession) {
        let expired: Bool = lock.withLock { values.isEmpty && !settled }
        guard expired else { return }
        session.cancelAll()
        finish(timedOut: true)
    }

    private func finish(timedOut: Bool) {
        let resume: (CheckedContinuation<CompletionObservation<Value>, Never>, CompletionObservation<Value>)? = lock.withLock {
            guard !settled, let continuation else { return nil }
            settled = true
            self.continuation = nil
            deadline.map(Deadlines.shared.cancel)
            deadline = nil
            return (continuation, CompletionObservation(values: values, queueNames: queueNames, timedOut: timedOut))
        }
        if let (continuation, observation) = resume {
            continuation.resume(returning: observation)
        }
    }
}

/// What a `CompletionProbe` saw.
public struct CompletionObservation<Value: Sendable>: Sendable {
    /// Every value delivered, in order.
    public let values: [Value]
    /// The queue each call ran on, by name.
    public let queueNames: [String]
    /// Whether no completion arrived before the timeout.
    public let timedOut: Bool

    /// The first value delivered.
    public var first: Value? { values.first }
    /// How many times the completion ran.
    public var callCount: Int { values.count }
}
