import Dispatch

/// Where replay runs an async client's code: a serial dispatch queue of its own for each call,
/// which gets a thread whenever it has work. Swift's cooperative pool has as many threads as the
/// machine has cores, and a test target's other tests may hold them all (a synchronous wait inside
/// an `async` test); a client run there would then wait for one and miss its timeout.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ClientExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "dogpatch-contracts.async-client")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Runs some work as a task of its own, on a client executor where the platform has task
    /// executors, else on the cooperative pool.
    /// - Parameter work: The work.
    static func run(_ work: @escaping @Sendable () async -> Void) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            Task(executorPreference: ClientExecutor()) { await work() }
        } else {
            Task { await work() }
        }
    }
}
