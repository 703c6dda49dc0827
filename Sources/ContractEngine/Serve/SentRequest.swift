import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a contract's client sends, as the server compares it.
struct SentRequest: Sendable {
    let method: String
    /// The path as sent, percent-encoded.
    let path: String
    /// The path percent-decoded, as compared.
    let decodedPath: String
    /// The query items in the order sent, decoded.
    let query: [(name: String, value: String)]

    init?(_ request: URLRequest) {
        guard let url = request.url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        method = request.httpMethod ?? "GET"
        path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        decodedPath = path.removingPercentEncoding ?? path
        query = (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    }

    /// The target as sent: path and query.
    var target: String {
        guard !query.isEmpty else { return path }
        var parts = URLComponents()
        parts.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        return path + "?" + (parts.percentEncodedQuery ?? "")
    }
}
