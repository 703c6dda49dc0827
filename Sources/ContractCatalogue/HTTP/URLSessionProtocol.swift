import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The part of `URLSession` the clients use: the seam tests and the replay engine plug into.
public protocol URLSessionProtocol: Sendable {
    /// Creates a data task that calls `completionHandler` once with the task's outcome.
    /// - Parameters:
    ///   - request: The request to send.
    ///   - completionHandler: Called once with the body, the response and the transport error.
    /// - Returns: The task, not yet resumed.
    func makeDataTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any ContractDataTask
}

extension URLSession: URLSessionProtocol {
    /// Creates a data task through `dataTask(with:completionHandler:)`.
    /// - Parameters:
    ///   - request: The request to send.
    ///   - completionHandler: Called once with the task's outcome.
    /// - Returns: The task, not yet resumed.
    public func makeDataTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any ContractDataTask {
        dataTask(with: request, completionHandler: completionHandler)
    }
}
