import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The part of `URLSessionDataTask` that `URLSessionProtocol.makeDataTask` hands back: a task to
/// resume or cancel. Named after the tool, not `URLSession`, so that it never meets an SDK's own
/// `URLSessionDataTaskProtocol` (a test importing both would find the name ambiguous).
public protocol ContractDataTask: AnyObject, Sendable {
    /// Starts or resumes the task.
    func resume()
    /// Cancels the task.
    func cancel()
}

extension URLSessionDataTask: ContractDataTask {}
