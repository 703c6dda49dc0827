import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session that never sends anything, recording the request and whether its task was resumed.
final class RecordingSession: URLSessionProtocol, @unchecked Sendable {
    let task = RecordingTask()
    private let lock = NSLock()
    private var requests: [URLRequest] = []

    var lastRequest: URLRequest? { lock.withLock { requests.last } }

    func makeDataTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any ContractDataTask {
        lock.withLock { requests.append(request) }
        return task
    }
}

/// A task that counts its resumes.
final class RecordingTask: ContractDataTask, @unchecked Sendable {
    private let lock = NSLock()
    private var resumes = 0

    var resumeCount: Int { lock.withLock { resumes } }
    func resume() { lock.withLock { resumes += 1 } }
    func cancel() {}
}
