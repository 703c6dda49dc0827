import Foundation

/// What a server answered to a live request.
struct LiveResponse: Sendable {
    /// The URL asked for.
    let url: URL
    /// The names of the query items the endpoint defines: the only ones shown.
    let definedQuery: Set<String>
    /// The URL as files and reports show it: no user-info, no query item the endpoint does not define.
    var displayURL: String { shown(url) }
    /// The HTTP status.
    let status: Int
    /// The response's headers, by the names the server sent.
    let headers: [String: String]
    /// The body as the client gets it: as received, decompressed where still compressed.
    var body: Data
    /// Same-host redirects followed on the way, in order.
    let redirects: [URL]
    /// The method of the request answered, as sent (`GET`, or `POST` with `--allow-writes`).
    var method = "GET"
    /// Query items of the base URL the client left out of its request (the restcountries client
    /// builds its URL without the base URL's query): a key given there never reached the server.
    var unsentBaseQuery: [String] = []

    /// Says that the base URL's query items were not sent, when some were not.
    var unsentBaseQueryWarning: String? {
        guard !unsentBaseQuery.isEmpty else { return nil }
        let names = unsentBaseQuery.map { JSONValue.quote($0) }.joined(separator: ", ")
        return "the base URL's query (\(names)) was not sent: this client builds its request without it"
    }

    /// Another URL of this exchange (a redirect's) as files and reports show it.
    func shown(_ other: URL) -> String { Redaction.url(other, definedQuery: definedQuery) }

    /// A header's value, the name compared without regard to case.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
