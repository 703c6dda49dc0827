import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stub's routing table: a lock-protected map from a token each request carries to the handler
/// that answers it, so parallel sessions never share state.
public final class StubRegistry: Sendable {
    /// The registry `StubURLProtocol` consults. A constant reference; its state is behind a lock.
    public static let shared = StubRegistry()

    /// Answers a request routed to a token.
    public typealias Handler = @Sendable (URLRequest) -> StubReply

    private let handlers = Locked([String: Handler]())

    /// Creates an empty registry.
    public init() {}

    /// Routes requests that carry a token to a handler.
    /// - Parameters:
    ///   - token: The token requests carry in `StubURLProtocol.tokenHeader`.
    ///   - handler: Answers each routed request.
    public func register(_ token: String, handler: @escaping Handler) {
        handlers.withLock { $0[token] = handler }
    }

    /// Stops routing a token; its later requests fail as unroutable.
    /// - Parameter token: The token.
    public func remove(_ token: String) {
        handlers.withLock { $0[token] = nil }
    }

    /// The handler for a token.
    /// - Parameter token: The token a request carries.
    /// - Returns: The handler, or `nil` when nothing is routed there.
    func handler(for token: String) -> Handler? {
        handlers.withLock { $0[token] }
    }
}
