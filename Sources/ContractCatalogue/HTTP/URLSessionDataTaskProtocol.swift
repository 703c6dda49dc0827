import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The part of `URLSessionDataTask` the clients use.
public protocol URLSessionDataTaskProtocol: AnyObject, Sendable {
    /// Starts or resumes the task.
    func resume()
    /// Cancels the task.
    func cancel()
}

extension URLSessionDataTask: URLSessionDataTaskProtocol {}
