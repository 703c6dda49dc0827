import ContractCatalogue
import Foundation

/// Where live requests go: each API's base URL from the catalogue, unless another is chosen for
/// an API by name (or, for a run whose contracts use one API, without a name).
package struct BaseURLChoice: Sendable, Equatable {
    /// Why a base URL cannot be added to the choice. The URLs they carry are as an output may
    /// show them: without user-info or credential query parameters.
    package enum Problem: Error, Equatable {
        /// The text is not `[API=]URL` with an http or https URL: the text, redacted.
        case notAURL(String)
        /// The text is `=URL`, with no API name before the `=`: the URL, redacted.
        case emptyAPIName(String)
        /// The API was given a base URL already.
        case apiTwice(String)
        /// A base URL without an API name was given already.
        case bareTwice
    }

    /// Why a choice does not fit a run.
    package enum Mismatch: Error, Sendable, Equatable {
        /// An API the catalogue does not have, and those it has.
        case unknownAPI(String, known: [String])
        /// A base URL without an API name, for contracts of several APIs.
        case bareForSeveral(used: [String])
    }

    /// Base URLs given by API name.
    var byAPI: [String: URL] = [:]
    /// A base URL given without an API name.
    var bare: URL?

    /// No base URL given: every API's own.
    package init() {}

    /// Adds a base URL, for an API or (with no name) for the run's one API.
    /// - Parameters:
    ///   - url: An http or https URL; the clients resolve their paths below it, so it is kept
    ///     ending in `/`.
    ///   - api: The API's name, or `nil`.
    /// - Throws: `Problem` when the API, or the unnamed one, has a base URL already.
    mutating func add(_ url: URL, for api: String?) throws(Problem) {
        let normalized = url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent("")
        if let api {
            guard byAPI[api] == nil else { throw .apiTwice(api) }
            byAPI[api] = normalized
        } else {
            guard bare == nil else { throw .bareTwice }
            bare = normalized
        }
    }

    /// Checks the choice against the catalogue and the APIs the run's contracts use.
    /// - Parameters:
    ///   - catalogue: The endpoints, with their APIs.
    ///   - used: The APIs of the selected contracts.
    /// - Returns: What does not fit, or `nil`.
    func mismatch(in catalogue: Catalogue, used: Set<String>) -> Mismatch? {
        let known = catalogue.apis
        if let unknown = byAPI.keys.sorted().first(where: { !known.contains($0) }) {
            return .unknownAPI(unknown, known: known)
        }
        if bare != nil, used.count > 1 { return .bareForSeveral(used: used.sorted()) }
        return nil
    }

    /// Checks the choice against the catalogue and the APIs of the contracts a run sends requests for.
    /// - Parameters:
    ///   - catalogue: The endpoints, with their APIs.
    ///   - contracts: The contracts whose cases go to a server.
    /// - Returns: What does not fit, or `nil`.
    package func mismatch(in catalogue: Catalogue, contracts: some Sequence<Contract>) -> Mismatch? {
        mismatch(in: catalogue, used: Set(contracts.compactMap { $0.endpoint?.api }))
    }

    /// The base URL live requests to an endpoint go to.
    func url(for endpoint: Endpoint) -> URL {
        byAPI[endpoint.api] ?? bare ?? endpoint.baseURL
    }
}
