import DogPatchClients
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Learns the exact request a client sends, by calling it on the stub: the tool never builds a URL
/// itself, so what goes to the server is what the app would send.
enum RequestCapture {
    /// The request the endpoint's client sends for a contract's arguments.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - arguments: The contract's arguments.
    ///   - baseURL: The base URL to build the client with.
    ///   - timeout: How long the client may take to send it.
    /// - Returns: The request, with the stub's routing header removed, or why there is none.
    static func capture(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], baseURL: URL, timeout: TimeInterval
    ) async -> Result<URLRequest, LiveFailure> {
        // The stub answers with a cancellation: the request is all that is wanted.
        let observation = await Replayer.call(
            endpoint, arguments: arguments, baseURL: baseURL, queue: .makePrivate(label: "dogpatch-contracts.capture"),
            timeout: timeout,
            reply: .failure(.cancelled)
        )
        if let request = observation.requests.first { return .success(request) }
        let display = Redaction.url(baseURL)
        if case .failure(let error)? = observation.completion.first {
            return .failure(LiveFailure(url: display, reason: "the client sends no request: it answers \(error)"))
        }
        return .failure(LiveFailure(url: display, reason: "the client sent no request within \(timeout) s"))
    }
}
