import ContractCatalogue
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An async client is replayed on an executor of its own, so a test target whose other tests hold
/// every thread of Swift's cooperative pool (a synchronous wait inside an `async` test) does not
/// keep it from running until its timeout.
@Suite("an async client while Swift's pool is held")
struct AsyncClientPoolTests {
    static let endpoint = Endpoint(
        name: "pool.held", model: ModelDescriptor(Int.self, name: "Int", makeDecoder: { JSONDecoder() }),
        baseURL: URL(fileURLWithPath: "/"), errors: .apiError
    ) { _ in
        await Task.yield()
        return 1
    }

    @Test("the client completes though other work holds every thread of the pool")
    func completesWhileThePoolIsHeld() async {
        let width = ProcessInfo.processInfo.activeProcessorCount
        // Held and called from a thread outside the pool, which the test's own task leaves free.
        let completed: Bool = await withCheckedContinuation { continuation in
            Thread {
                let started = DispatchSemaphore(value: 0)
                let release = DispatchSemaphore(value: 0)
                for _ in 0..<width {
                    Task.detached {
                        started.signal()
                        release.wait()
                    }
                }
                // The bound only keeps a failing run from hanging: each holder says when it holds.
                var held = 0
                while held < width, started.wait(timeout: .now() + 20) == .success { held += 1 }
                let done = DispatchSemaphore(value: 0)
                Self.endpoint.call(
                    Endpoint.Invocation(session: URLSession.shared, responseQueue: .global(), arguments: [:]) { _ in
                        done.signal()
                    })
                let finished = done.wait(timeout: .now() + 20) == .success
                for _ in 0..<width { release.signal() }
                continuation.resume(returning: finished && held == width)
            }.start()
        }
        #expect(completed)
    }
}
