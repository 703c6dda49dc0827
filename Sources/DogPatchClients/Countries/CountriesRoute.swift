import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The restcountries endpoints the client calls.
public enum CountriesRoute: Equatable, Sendable {
    /// Every country: `GET all`, with `?fields=a,b` when fields are given.
    case all(fields: [String]? = nil)
    /// Countries matching a name: `GET name/{name}`, with `?fullText=true` for an exact match.
    case byName(String, fullText: Bool = false)

    /// Builds the request for this route.
    /// - Parameter baseURL: The URL paths are resolved against, such as `https://restcountries.com/v3.1/`.
    /// - Returns: The request.
    /// - Throws: `APIError.invalidRequest` when the arguments cannot form a request.
    public func makeRequest(baseURL: URL) throws(APIError) -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest(reason: "the base URL \"\(baseURL.absoluteString)\" is not valid")
        }
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        var queryItems: [URLQueryItem] = []
        switch self {
        case .all(let fields):
            components.percentEncodedPath = basePath + "/all"
            if let fields, !fields.isEmpty {
                queryItems.append(URLQueryItem(name: "fields", value: fields.joined(separator: ",")))
            }
        case .byName(let name, let fullText):
            guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw .invalidRequest(reason: "the country name is empty")
            }
            guard let segment = name.addingPercentEncoding(withAllowedCharacters: Self.pathSegmentAllowed) else {
                throw .invalidRequest(reason: "the country name cannot be percent-encoded")
            }
            components.percentEncodedPath = basePath + "/name/" + segment
            if fullText {
                queryItems.append(URLQueryItem(name: "fullText", value: "true"))
            }
        }
        components.queryItems = queryItems.isEmpty ? nil : queryItems
        guard let url = components.url else {
            throw .invalidRequest(reason: "the arguments do not form a URL")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        return request
    }

    /// Characters a path segment keeps as they are: `/`, `?`, `#` and `%` in a name are encoded.
    private static let pathSegmentAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        return allowed
    }()
}
