import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The replay anchor, written without the tool's code: a minimal `URLProtocol` first in each
/// worker's `URLSession`, the same body for every request, `JSONDecoder` into the same model,
/// and a hop to a serial queue, on every core. What replay costs beyond it is the tool's.
enum StubLoop {
    /// Runs `count` requests over one session a worker.
    /// - Returns: How many dogs were decoded.
    static func run(body: Data, count: Int, workers: Int) -> Int {
        MinimalStub.body.set(body)
        let total = Tally()
        let perWorker = (count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [MinimalStub.self]
            let session = URLSession(configuration: configuration)
            let serial = DispatchQueue(label: "stub-loop.\(worker)")
            let done = DispatchSemaphore(value: 0)
            guard let url = URL(string: "https://stub.test/api/v1/dogs") else { return }
            for _ in 0..<min(perWorker, count - worker * perWorker) {
                session.dataTask(with: url) { data, _, _ in
                    let dogs = (try? DogPatchAPI.makeDecoder().decode([Dog].self, from: data ?? Data()))?.count ?? 0
                    serial.async {
                        total.add(dogs)
                        done.signal()
                    }
                }.resume()
                done.wait()
            }
            session.invalidateAndCancel()
        }
        return total.value
    }
}

/// Answers every request with 200 and the same body, in one piece.
final class MinimalStub: URLProtocol {
    static let body = SharedBody()

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body.get())
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// The body every request gets, set once before the loop.
final class SharedBody: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ body: Data) { lock.withLock { data = body } }
    func get() -> Data { lock.withLock { data } }
}
