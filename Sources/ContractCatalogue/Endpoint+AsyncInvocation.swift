import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Endpoint {
    /// What a call of an async client needs: where it sends its requests, its arguments and its base URL.
    public struct AsyncInvocation: Sendable {
        /// The session the client's requests go through: the tool's stub in replay, never the network.
        public let session: any URLSessionProtocol
        /// The call's arguments by name; a missing required one is left for the client to reject.
        public let arguments: [String: Argument]
        /// The base URL to build the client with instead of the endpoint's own, such as a test
        /// server's; `nil` for the endpoint's.
        public let baseURL: URL?
        private let invocation: Invocation

        /// A real `URLSession` to hand the app's own transport, the stub first in its
        /// `protocolClasses` in replay (see `Endpoint.Invocation.urlSession`).
        public var urlSession: URLSession { invocation.urlSession }

        /// Creates the async face of an invocation: its session, arguments and base URL.
        /// - Parameter invocation: The invocation the tool made.
        public init(_ invocation: Invocation) {
            self.session = invocation.session
            self.arguments = invocation.arguments
            self.baseURL = invocation.baseURL
            self.invocation = invocation
        }

        /// Sends a request through the invocation's session, as `URLSession.data(for:)` does: give it
        /// to the client where it would call `URLSession.shared.data(for:)`.
        /// - Parameter request: The request.
        /// - Returns: The body (empty when there is none) and the response.
        /// - Throws: The transport's error (a `URLError`); `URLError(.cancelled)` when the calling
        ///   task is cancelled or the tool gives up on the case.
        public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
            let (answers, answer) = AsyncThrowingStream<(Data, URLResponse), any Error>.makeStream()
            let task = session.makeDataTask(with: request) { data, response, error in
                if let error {
                    answer.finish(throwing: error)
                } else if let response {
                    answer.yield((data ?? Data(), response))
                    answer.finish()
                } else {
                    answer.finish(throwing: URLError(.badServerResponse))
                }
            }
            // Ending the wait (the task cancelled) cancels the request, as URLSession's does.
            answer.onTermination = { ending in
                if case .cancelled = ending { task.cancel() }
            }
            task.resume()
            for try await received in answers {
                return received
            }
            throw URLError(.cancelled)
        }
    }
}
