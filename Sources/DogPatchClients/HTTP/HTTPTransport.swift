import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small HTTP layer over the session seam: a request yields a body and an HTTP response, or an `APIError`.
public struct HTTPTransport: Sendable {
    /// The session requests go through.
    public let session: any URLSessionProtocol

    /// Creates a transport over a session.
    /// - Parameter session: The session requests go through.
    public init(session: any URLSessionProtocol) {
        self.session = session
    }

    /// Sends a request and resumes its task.
    /// - Parameters:
    ///   - request: The request to send.
    ///   - completion: Called once, on the session's queue, with the classified outcome.
    /// - Returns: The resumed task.
    @discardableResult
    public func send(
        _ request: URLRequest,
        completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), APIError>) -> Void
    ) -> any ContractDataTask {
        let task = session.makeDataTask(with: request) { data, response, error in
            completion(Self.classify(data: data, response: response, error: error))
        }
        task.resume()
        return task
    }

    /// Maps what a data task delivered onto the `APIError` table: transport errors and non-2xx
    /// statuses are unsuccessful responses, a missing or non-HTTP response is invalid data.
    /// - Parameters:
    ///   - data: The body, if any.
    ///   - response: The response, if any.
    ///   - error: The transport error, if any.
    /// - Returns: The body and the HTTP response, or the error the clients report.
    public static func classify(
        data: Data?, response: URLResponse?, error: (any Error)?
    ) -> Result<(Data, HTTPURLResponse), APIError> {
        let httpResponse = response as? HTTPURLResponse
        if error != nil {
            return .failure(.responseUnsuccessful(statusCode: httpResponse?.statusCode))
        }
        guard let httpResponse else {
            return .failure(.invalidData)
        }
        guard (200...299).contains(httpResponse.statusCode) else {
            return .failure(.responseUnsuccessful(statusCode: httpResponse.statusCode))
        }
        return .success((data ?? Data(), httpResponse))
    }
}
