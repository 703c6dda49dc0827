import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The DogPatch server's client.
public struct DogPatchClient: DogPatchService {
    /// The client the app uses: the production server, `URLSession.shared`, completions on the main queue.
    public static let shared = DogPatchClient(
        baseURL: DogPatchAPI.baseURL, session: URLSession.shared, responseQueue: .main
    )

    /// The URL endpoint paths are resolved against, such as `https://host/api/v1/`.
    public let baseURL: URL
    /// The session requests go through.
    public let session: any URLSessionProtocol
    /// The queue completions run on.
    public let responseQueue: DispatchQueue

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The URL endpoint paths are resolved against.
    ///   - session: The session requests go through.
    ///   - responseQueue: The queue completions run on.
    public init(baseURL: URL, session: any URLSessionProtocol, responseQueue: DispatchQueue) {
        self.baseURL = baseURL
        self.session = session
        self.responseQueue = responseQueue
    }

    /// Fetches the dogs for sale: `GET {baseURL}dogs`.
    /// - Parameter completion: Called exactly once, on `responseQueue`, with the dogs or an `APIError`.
    /// - Returns: The resumed task.
    @discardableResult
    public func getDogs(
        completion: @escaping @Sendable (Result<[Dog], APIError>) -> Void
    ) -> any ContractDataTask {
        let url = baseURL.appendingPathComponent("dogs")
        return fetcher.fetch(URLRequest(url: url), as: [Dog].self, completion: completion)
    }

    private var fetcher: JSONFetcher {
        JSONFetcher(
            transport: HTTPTransport(session: session), responseQueue: responseQueue,
            makeDecoder: DogPatchAPI.makeDecoder
        )
    }
}
