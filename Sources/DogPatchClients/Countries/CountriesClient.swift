import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The restcountries v3.1 client.
public struct CountriesClient: Sendable {
    /// The client an app uses: the production API, `URLSession.shared`, completions on the main queue.
    public static let shared = CountriesClient(
        baseURL: RestCountriesAPI.baseURL, session: URLSession.shared, responseQueue: .main
    )

    /// The URL route paths are resolved against, such as `https://restcountries.com/v3.1/`.
    public let baseURL: URL
    /// The session requests go through.
    public let session: any URLSessionProtocol
    /// The queue completions run on.
    public let responseQueue: DispatchQueue

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The URL route paths are resolved against.
    ///   - session: The session requests go through.
    ///   - responseQueue: The queue completions run on.
    public init(
        baseURL: URL = RestCountriesAPI.baseURL, session: any URLSessionProtocol, responseQueue: DispatchQueue
    ) {
        self.baseURL = baseURL
        self.session = session
        self.responseQueue = responseQueue
    }

    /// Calls a route and decodes its body.
    /// - Parameters:
    ///   - route: The endpoint to call.
    ///   - completion: Called exactly once, on `responseQueue`, with the decoded body or an `APIError`.
    /// - Returns: The resumed task, or `nil` when the route's arguments could not form a request.
    @discardableResult
    public func request<Model: Decodable & Sendable>(
        _ route: CountriesRoute,
        completion: @escaping @Sendable (Result<Model, APIError>) -> Void
    ) -> (any ContractDataTask)? {
        let fetcher = JSONFetcher(
            transport: HTTPTransport(session: session), responseQueue: responseQueue,
            makeDecoder: RestCountriesAPI.makeDecoder
        )
        do {
            let request = try route.makeRequest(baseURL: baseURL)
            return fetcher.fetch(request, as: Model.self, completion: completion)
        } catch {
            fetcher.fail(error, completion: completion)
            return nil
        }
    }
}
