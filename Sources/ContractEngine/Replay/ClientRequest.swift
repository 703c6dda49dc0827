import ContractCatalogue
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request an endpoint's client sends for some arguments, learnt by calling the client on the
/// stub: the one place the tool learns it. A contract's `request` block, the live fetch, capture
/// matching, both exports and `serve` read it; the tool never builds a URL itself, so what goes to
/// a server, a pact or a mock is what the app would send.
struct ClientRequest: Sendable {
    /// The request as the client built it, the stub's routing header removed.
    let request: URLRequest
    /// The method, upper case.
    let method: String
    /// The path as sent, escapes kept (`/v3.1/name/united%20states`, `AC%2FDC`).
    let sentPath: String
    /// The path decoded (`/v3.1/name/united states`).
    let path: String
    /// The query items, in the order sent.
    let queryItems: [URLQueryItem]
    /// The headers the client sets on the request.
    let headers: [String: String]
    /// The body as the client sent it, read from `httpBody` or `httpBodyStream` by the stub;
    /// `nil` for none.
    let body: Data?

    /// Why a client sends no request: the base URL it was given, and the reason in words.
    struct Failure: Error, Sendable, Equatable {
        /// The base URL, as outputs show it.
        let url: String
        /// Why, such as `the client sends no request: it answers invalidRequest`.
        let reason: String
    }

    /// The request the endpoint's client sends for a contract's arguments.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - arguments: The contract's arguments.
    ///   - baseURL: The base URL to build the client with (default: the endpoint's own).
    ///   - timeout: How long the client may take to send it.
    /// - Returns: The request, or why there is none.
    static func learn(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], baseURL: URL? = nil,
        timeout: TimeInterval = Replayer.defaultTimeout
    ) async -> Result<ClientRequest, Failure> {
        let base = baseURL ?? endpoint.baseURL
        // The stub answers with a cancellation: the request is all that is wanted.
        let observation = await Replayer.call(
            endpoint, arguments: arguments, baseURL: base, queue: .makePrivate(label: "dogpatch-contracts.capture"),
            timeout: timeout, reply: .failure(.cancelled))
        if let request = observation.requests.first { return .success(ClientRequest(request)) }
        let display = Redaction.url(base)
        if let outcome = observation.firstOutcome {
            return .failure(
                Failure(
                    url: display,
                    reason: "the client sends no request: it answers \(outcome.summary(model: endpoint.model))"))
        }
        return .failure(Failure(url: display, reason: "the client sent no request within \(timeout) s"))
    }

    private init(_ request: URLRequest) {
        self.request = request
        let parts = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        method = (request.httpMethod ?? "GET").uppercased()
        sentPath = parts?.percentEncodedPath ?? "/"
        path = parts?.path ?? "/"
        queryItems = parts?.queryItems ?? []
        headers = request.allHTTPHeaderFields ?? [:]
        body = request.httpBody.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the request only reads: a GET or a HEAD, which a live command sends without
    /// `--allow-writes`.
    var onlyReads: Bool { method == "GET" || method == "HEAD" }

    /// The `request` block a new contract writes, on one line:
    /// `{ "method": "GET", "path": "/v3.1/name/peru", "query": {} }`. The path is the decoded one
    /// unless it holds escapes, which a contract then states as sent; the query is left out when
    /// a name repeats, which the block cannot state. The headers the client sets follow, sorted
    /// by name (framing headers left out), then a JSON body as `body`. A header, query item or body
    /// member whose name looks secret (`X-Api-Key`, `?access_token=`, `client_secret`) is written
    /// `true`: present, its value never written.
    var contractBlock: String {
        var members = [
            "\"method\": \(JSONValue.quote(method))",
            "\"path\": \(JSONValue.quote(sentPath.contains("%") ? sentPath : path))",
        ]
        let items = queryItems.map { (name: $0.name, value: $0.value ?? "") }
        if Set(items.map(\.name)).count == items.count {
            let written = items.map {
                "\(JSONValue.quote($0.name)): \(Redaction.looksSecret($0.name) ? "true" : JSONValue.quote($0.value))"
            }
            members.append("\"query\": " + (written.isEmpty ? "{}" : "{ " + written.joined(separator: ", ") + " }"))
        }
        let stated = headers.filter { !Redaction.framingHeaders.contains($0.key.lowercased()) }
            .sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { name, value in
                "\(JSONValue.quote(name)): "
                    + (Redaction.looksSecret(name) ? "true" : JSONValue.quote(value))
            }
        if !stated.isEmpty { members.append("\"headers\": { " + stated.joined(separator: ", ") + " }") }
        if let body, let parsed = try? JSONParser.parse(BodyEncoding.utf8(body)) {
            members.append("\"body\": " + Redaction.redacted(parsed.value).jsonText)
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }
}
