import DogPatchClients
import Foundation

/// Where live requests go: each API's base URL from the catalogue, unless `--base-url API=URL`
/// names another (or a bare `--base-url URL` does, for a run whose contracts use one API).
package struct BaseURLChoice: Sendable, Equatable {
    /// Why a `--base-url` value was refused.
    package struct Problem: Error {
        /// What is wrong, in words.
        package let message: String
    }

    /// Base URLs given by API name.
    package var byAPI: [String: URL] = [:]
    /// A base URL given without an API name.
    package var bare: URL?

    /// No base URL given: every API's own.
    package init() {}

    /// Reads one `--base-url` value: `API=URL` or `URL`.
    /// - Parameters:
    ///   - text: The value.
    ///   - command: The command, for the error's help hint.
    /// - Throws: `Problem` for a value that is not an http or https URL with a host, or an API named twice.
    package mutating func add(_ text: String) throws(Problem) {
        func fail(_ message: String) -> Problem { Problem(message: message) }
        var api: String?
        var address = text
        // `API=` only when what precedes the `=` could not be part of a URL's scheme and host.
        if let equals = text.firstIndex(of: "="), !text[..<equals].contains(":"), !text[..<equals].contains("/") {
            api = String(text[..<equals])
            address = String(text[text.index(after: equals)...])
        }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw fail(
                "--base-url takes [API=]URL with an http or https URL, such as countries=http://127.0.0.1:8080/v3.1/, not \(JSONValue.quote(Redaction.url(text: text)))"
            )
        }
        // The clients resolve their paths below the base, as below `https://restcountries.com/v3.1/`.
        let normalized = url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent("")
        if let api {
            guard !api.isEmpty else {
                throw fail("--base-url needs an API name before \"=\", such as countries=\(Redaction.url(url))")
            }
            guard byAPI[api] == nil else { throw fail("--base-url names the API \"\(api)\" twice") }
            byAPI[api] = normalized
        } else {
            guard bare == nil else {
                throw fail("--base-url without an API name can be given once; name the API: API=URL")
            }
            bare = normalized
        }
    }

    /// Checks the choice against the catalogue and the APIs the run's contracts use.
    /// - Parameters:
    ///   - catalogue: The endpoints, with their APIs.
    ///   - used: The APIs of the selected contracts.
    /// - Returns: A message saying what is wrong, or `nil`.
    package func problem(in catalogue: Catalogue, used: Set<String>) -> String? {
        let known = catalogue.apis
        if let unknown = byAPI.keys.sorted().first(where: { !known.contains($0) }) {
            return
                "--base-url names the API \"\(unknown)\", which the catalogue does not have; known APIs are \(known.map { "\"\($0)\"" }.joined(separator: ", "))"
        }
        if bare != nil, used.count > 1 {
            return
                "--base-url URL without an API name is for a run whose contracts use one API, and these use \(used.sorted().map { "\"\($0)\"" }.joined(separator: ", ")); write API=URL for each"
        }
        return nil
    }

    /// Checks the choice against the catalogue and the APIs of the contracts a run sends requests for.
    /// - Parameters:
    ///   - catalogue: The endpoints, with their APIs.
    ///   - contracts: The contracts whose cases go to a server.
    /// - Returns: A message saying what is wrong, or `nil`.
    package func problem(in catalogue: Catalogue, contracts: some Sequence<Contract>) -> String? {
        problem(in: catalogue, used: Set(contracts.compactMap { $0.endpoint?.api }))
    }

    /// The base URL live requests to an endpoint go to.
    package func url(for endpoint: Endpoint) -> URL {
        byAPI[endpoint.api] ?? bare ?? endpoint.baseURL
    }
}
