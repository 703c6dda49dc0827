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
    /// The body the contract states its client sends, or `nil` when it states none.
    private var statedBody: JSONValue? = nil

    /// Learns the request a contract's client sends.
    /// - Parameters:
    ///   - endpoint: The contract's endpoint.
    ///   - arguments: Its arguments.
    /// - Returns: The matcher, or why the client sends no request.
    ///   - statedBody: The body the contract states, which a captured request must have.
    static func learn(_ endpoint: Endpoint, arguments: [String: Endpoint.Argument], statedBody: JSONValue? = nil)
        async -> Result<CaptureMatch, ClientRequest.Failure>
    {
        await ClientRequest.learn(endpoint, arguments: arguments).map { request in
            CaptureMatch(
                method: request.method, path: request.path, query: Self.items(request.queryItems),
                defined: Set(endpoint.parameters.map(\.name)), statedBody: statedBody)
        }
    }

    /// Why an entry is not the contract's request, or `nil` when it is.
    func mismatch(_ entry: HARArchive.Entry) -> String? {
        guard let parts = URLComponents(string: entry.url), parts.host != nil else { return "its URL is not a URL" }
        if entry.method.uppercased() != method { return "\(entry.method) is not \(method)" }
        if parts.path != path { return "the path is not \(path)" }
        // The items the endpoint defines or its client sends; a secret (`api_key`, `access_token`)
        // by presence, since the app's own key is not the one the tool's client holds.
        let sent = Self.items(parts.queryItems).filter { defined.contains($0.key) || query[$0.key] != nil }
        let same =
            Set(sent.keys) == Set(query.keys)
            && sent.allSatisfy { name, value in Redaction.looksSecret(name) || query[name] == value }
        if !same {
            let expected =
                query.isEmpty
                ? "none"
                : query.keys.sorted().map { name in
                    "\(name)=\(Redaction.looksSecret(name) ? "*" : query[name] ?? "")"
                }.joined(separator: "&")
            return "the query is not the contract's (\(expected))"
        }
        return bodyMismatch(entry)
    }

    /// Why a captured request's body is not the one the contract states (compared as JSON, a
    /// secret by presence, a key named twice by its last value), or `nil` when it is.
    private func bodyMismatch(_ entry: HARArchive.Entry) -> String? {
        guard let statedBody else { return nil }
        guard let text = entry.requestBody, !text.isEmpty else {
            return "it captured no request body, and the contract states one"
        }
        guard let sent = try? JSONParser.parse(Data(text.utf8)) else {
            return "its request body is not JSON, and the contract states one"
        }
        guard
            let difference = JSONDifference.all(
                stated: statedBody, at: .start, found: sent.value, secret: Redaction.looksSecret, byPresence: true
            ).first
        else { return nil }
        let path =
            difference.path.isEmpty
            ? "" : difference.path.hasPrefix("[") ? " " + difference.path : " ." + difference.path
        return
            "its request body\(path) is \(difference.shownFound ?? "missing"), the contract's is \(difference.shownExpected ?? "nothing")"
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
