import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a client sends for an endpoint and its arguments, as a contract's `request`
/// block states it: the method, the path (decoded, or as sent where it holds escapes, so
/// `AC%2FDC` stays apart from `AC/DC`) and the query. Learnt by calling the client on the stub.
package struct ClientRequest: Sendable, Equatable {
    package let method: String
    package let path: String
    /// The query items by name; `nil` when a name repeats, which a `request` block cannot state.
    package let query: [(name: String, value: String)]?

    package static func == (lhs: ClientRequest, rhs: ClientRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path
            && lhs.query?.map { [$0.name, $0.value] } == rhs.query?.map { [$0.name, $0.value] }
    }

    /// The request the endpoint's client sends for some arguments, on its own base URL.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - arguments: The contract's arguments.
    /// - Returns: The request, or why the client sends none.
    package static func learn(_ endpoint: Endpoint, arguments: [String: Endpoint.Argument]) async -> Result<
        ClientRequest, LiveFailure
    > {
        await RequestCapture.capture(endpoint, arguments: arguments, baseURL: endpoint.baseURL, timeout: 5).map {
            request in
            let parts = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
            let sent = parts?.percentEncodedPath ?? "/"
            let items = (parts?.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
            return ClientRequest(
                method: (request.httpMethod ?? "GET").uppercased(),
                path: sent.contains("%") ? sent : (parts?.path ?? sent),
                query: Set(items.map(\.name)).count == items.count ? items : nil)
        }
    }

    /// The `request` block a new contract writes, on one line:
    /// `{ "method": "GET", "path": "/v3.1/name/peru", "query": {} }`.
    package var contractBlock: String {
        var members = ["\"method\": \(JSONValue.quote(method))", "\"path\": \(JSONValue.quote(path))"]
        if let query {
            let items = query.map { "\(JSONValue.quote($0.name)): \(JSONValue.quote($0.value))" }
            members.append("\"query\": " + (items.isEmpty ? "{}" : "{ " + items.joined(separator: ", ") + " }"))
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }
}
