import ContractCatalogue

/// The outcomes a client can reach, the columns of the coverage matrix: by what the response was
/// (decoded, an error from the body, from the status, from the transport, or from the arguments),
/// headed with `APIError`'s names.
enum CoverageOutcome: String, Sendable, CaseIterable {
    case decoded
    case invalidData
    case jsonConversionFailure
    case unsuccessful4xx = "responseUnsuccessful 4xx"
    case unsuccessful5xx = "responseUnsuccessful 5xx"
    case unsuccessfulNetwork = "responseUnsuccessful network error"
    case invalidRequest

    /// The key the JSON report uses.
    var key: String {
        switch self {
        case .unsuccessful4xx: "responseUnsuccessful4xx"
        case .unsuccessful5xx: "responseUnsuccessful5xx"
        case .unsuccessfulNetwork: "responseUnsuccessfulNetworkError"
        default: rawValue
        }
    }

    /// The column an outcome falls in; `nil` for one the matrix does not count (a 3xx, say).
    /// - Parameters:
    ///   - outcome: What the client returned.
    ///   - response: The response it was served; `nil` when it sent no request.
    ///   - rules: The endpoint's outcome rules, which say which errors a response gives.
    /// The column an exchange's response falls in by itself, before the flow goes on: a network
    /// error, or a status outside 2xx; `nil` for a 2xx, whose body a flow's client reads as it
    /// will (a token, a page), not as the model.
    /// - Parameter response: The exchange's response.
    init?(step response: ResponseSpec) {
        switch response.kind {
        case .networkError: self = .unsuccessfulNetwork
        case .http(400...499, _, _): self = .unsuccessful4xx
        case .http(500...599, _, _): self = .unsuccessful5xx
        case .http: return nil
        }
    }

    init?(_ outcome: Outcome, response: ResponseSpec?, rules: OutcomeRules) {
        guard case .failed(let name, let carried, _) = outcome else {
            self = .decoded
            return
        }
        guard let response else {
            // An error before sending: the client's own check of the arguments, whatever a
            // response would also give.
            guard name.name != ErrorName.foreign else { return nil }
            self = .invalidRequest
            return
        }
        if !rules.errorNames.contains(name.name) {
            // No response gives it: an error of the arguments, such as `invalidRequest`.
            guard name.name != ErrorName.foreign else { return nil }
            self = .invalidRequest
            return
        }
        switch response.kind {
        case .networkError:
            guard carried == nil else { return nil }
            self = .unsuccessfulNetwork
        case .http(let status, _, _):
            switch carried ?? status {
            case 400...499: self = .unsuccessful4xx
            case 500...599: self = .unsuccessful5xx
            case 200...299 where name.isDecodingFailure: self = .jsonConversionFailure
            case 200...299 where name.name == rules.emptyBody.errorName || name.name == rules.unacceptedContentType:
                self = .invalidData
            default: return nil
            }
        }
    }
}
