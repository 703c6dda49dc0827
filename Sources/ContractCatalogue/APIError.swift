import Foundation

/// The one error both clients complete with.
public enum APIError: Error, Equatable, Sendable {
    /// The endpoint's arguments cannot form a request (a missing or empty name, ...).
    case invalidRequest(reason: String)
    /// A transport error, or an HTTP status outside 200...299; carries the status code when there is one.
    case responseUnsuccessful(statusCode: Int?)
    /// A 2xx response with an empty body, or a response that is not HTTP.
    case invalidData
    /// A 2xx body that does not decode into the model; carries where and why decoding failed.
    case jsonConversionFailure(DecodingFailure)

    /// The case's name as contracts spell it, such as `responseUnsuccessful`.
    public var caseName: String { kind.rawValue }

    /// The case without its payload.
    public var kind: Kind {
        switch self {
        case .invalidRequest: .invalidRequest
        case .responseUnsuccessful: .responseUnsuccessful
        case .invalidData: .invalidData
        case .jsonConversionFailure: .jsonConversionFailure
        }
    }

    /// The cases of `APIError` without their payloads, named as contracts spell them.
    public enum Kind: String, CaseIterable, Sendable {
        case invalidRequest
        case responseUnsuccessful
        case invalidData
        case jsonConversionFailure
    }
}

extension APIError: CustomStringConvertible {
    /// A one-line rendering such as `responseUnsuccessful(404)`.
    public var description: String {
        switch self {
        case .invalidRequest(let reason): "invalidRequest (\(reason))"
        case .responseUnsuccessful(let status?): "responseUnsuccessful(\(status))"
        case .responseUnsuccessful(nil): "responseUnsuccessful"
        case .invalidData: "invalidData"
        case .jsonConversionFailure(let failure): "jsonConversionFailure at \(failure)"
        }
    }
}
