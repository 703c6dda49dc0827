/// The outcomes a client can reach, the columns of the coverage matrix.
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
    init?(_ outcome: Outcome, networkError: Bool) {
        switch outcome {
        case .decoded: self = .decoded
        case .failed(.invalidData, _, _): self = .invalidData
        case .failed(.jsonConversionFailure, _, _): self = .jsonConversionFailure
        case .failed(.invalidRequest, _, _): self = .invalidRequest
        case .failed(.responseUnsuccessful, let status, _):
            switch status {
            case nil where networkError: self = .unsuccessfulNetwork
            case (400...499)?: self = .unsuccessful4xx
            case (500...599)?: self = .unsuccessful5xx
            default: return nil
            }
        }
    }
}
