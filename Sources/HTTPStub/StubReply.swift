import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the stub answers a request with.
public enum StubReply: Sendable, Equatable {
    /// An HTTP response with a status, header fields and a body, after a delay.
    case response(status: Int, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0)
    /// A transport error, such as `.notConnectedToInternet`, after a delay.
    case failure(URLError.Code, delay: TimeInterval = 0)
    /// No answer at all, until the task is cancelled: for testing timeouts.
    case never

    /// How long the stub waits before answering.
    var delay: TimeInterval {
        switch self {
        case .response(_, _, _, let delay), .failure(_, let delay): delay
        case .never: 0
        }
    }
}
