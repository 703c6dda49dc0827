import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Idle stub-first URLSessions, each with its serial delegate queue, reused across replays.
final class StubSessionPool: Sendable {
    static let shared = StubSessionPool()

    /// A session and its delegate queue, lent to one `StubSession` at a time.
    struct Lease: @unchecked Sendable {
        let session: URLSession
        let queue: OperationQueue
    }

    private let idle = Locked([Lease]())

    func take() -> Lease {
        if let lease = idle.withLock({ $0.popLast() }) { return lease }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return Lease(
            session: URLSession(configuration: configuration, delegate: nil, delegateQueue: queue), queue: queue)
    }

    func give(back lease: Lease) {
        idle.withLock { $0.append(lease) }
    }
}
