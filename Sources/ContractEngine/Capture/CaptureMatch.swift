import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which entries of an archive are a contract's request: the method, the path the client sends
/// (below the API's base path, on whatever host the capture went to) and the query items the
/// endpoint defines. What the client sends is learnt by calling it on the stub, as a live request is.
struct CaptureMatch: Sendable {
    private let method: String
    private let path: String
    private let query: [String: String]
    /// The query items the endpoint can send; any other is not the contract's, and never written.
    private let defined: Set<String>

    /// Learns the request a contract's client sends.
    /// - Parameters:
    ///   - endpoint: The contract's endpoint.
    ///   - arguments: Its arguments.
    /// - Returns: The matcher, or why the client sends no request.
    static func learn(_ endpoint: Endpoint, arguments: [String: Endpoint.Argument]) async -> Result<
        CaptureMatch, ClientRequest.Failure
    > {
        await ClientRequest.learn(endpoint, arguments: arguments).map { request in
            CaptureMatch(
                method: request.method, path: request.path, query: Self.items(request.queryItems),
                defined: Set(endpoint.parameters.map(\.name)))
        }
    }

    /// Why an entry is not the contract's request, or `nil` when it is.
    func mismatch(_ entry: HARArchive.Entry) -> String? {
        guard let parts = URLComponents(string: entry.url), parts.host != nil else { return "its URL is not a URL" }
        if entry.method.uppercased() != method { return "\(entry.method) is not \(method)" }
        if parts.path != path { return "the path is not \(path)" }
        let sent = Self.items(parts.queryItems).filter { defined.contains($0.key) }
        if sent != query {
            let expected =
                query.isEmpty ? "none" : query.keys.sorted().map { "\($0)=\(query[$0] ?? "")" }.joined(separator: "&")
            return "the query is not the contract's (\(expected))"
        }
        return nil
    }

    /// The entry's URL as a case keeps it: no user-info and no query item the endpoint does not define.
    func recordedURL(_ entry: HARArchive.Entry) -> String {
        Redaction.capturedURL(entry.url, definedQuery: defined)
    }

    private static func items(_ items: [URLQueryItem]?) -> [String: String] {
        var result: [String: String] = [:]
        for item in items ?? [] { result[item.name] = item.value ?? "" }
        return result
    }
}
