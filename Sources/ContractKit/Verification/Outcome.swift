import Foundation
import DogPatchClients

/// What a case's response led to: a decoded value or an `APIError` case.
enum Outcome: Sendable {
    /// The body decoded.
    case decoded(DecodedValue)
    /// The call failed; the status for `responseUnsuccessful`, the problem for `jsonConversionFailure`.
    case failed(APIError.Kind, status: Int?, problem: DecodeProblem?)

    /// The outcome of a real client's call.
    init(_ result: Result<DecodedValue, APIError>) {
        switch result {
        case .success(let value):
            self = .decoded(value)
        case .failure(.responseUnsuccessful(let status)):
            self = .failed(.responseUnsuccessful, status: status, problem: nil)
        case .failure(.jsonConversionFailure(let failure)):
            self = .failed(.jsonConversionFailure, status: nil, problem: DecodeProblem(path: failure.path, reason: failure.reason))
        case .failure(let error):
            self = .failed(error.kind, status: nil, problem: nil)
        }
    }

    /// Whether two outcomes are the same: the same summary, and for values the same JSON.
    func isSame(as other: Outcome, model: ModelDescriptor) -> Bool {
        guard summary(model: model) == other.summary(model: model) else {
            // The client's jsonConversionFailure may lack the path Linux's JSONDecoder does not give.
            if case .failed(.jsonConversionFailure, _, let mine?) = self, mine.path.isEmpty,
               case .failed(.jsonConversionFailure, _, _) = other {
                return true
            }
            return false
        }
        if case .decoded(let mine) = self, case .decoded(let theirs) = other {
            return mine.isEqual(to: theirs)
        }
        return true
    }

    /// How messages name the outcome: `responseUnsuccessful(404)`, `a decoded [Dog] of 3 elements`.
    func summary(model: ModelDescriptor) -> String {
        switch self {
        case .decoded(let value):
            value.count.map { "a decoded \(model.name) of \($0) \($0 == 1 ? "element" : "elements")" } ?? "a decoded \(model.name)"
        case .failed(.responseUnsuccessful, let status?, _):
            "responseUnsuccessful(\(status))"
        case .failed(.jsonConversionFailure, _, let problem?):
            problem.path.isEmpty ? "jsonConversionFailure (\(problem.reason))" : "jsonConversionFailure at \(problem.path) (\(problem.reason))"
        case .failed(let kind, _, _):
            kind.rawValue
        }
    }
}

extension Expectation {
    /// How messages name the expectation: `responseUnsuccessful(404)`, `a decoded [Dog]`.
    func summary(model: ModelDescriptor) -> String {
        switch kind {
        case .decodes(let count?, _): "a decoded \(model.name) of \(count.value) \(count.value == 1 ? "element" : "elements")"
        case .decodes(nil, _): "a decoded \(model.name)"
        case .error(.responseUnsuccessful, let status?, _): "responseUnsuccessful(\(status.value))"
        case .error(.jsonConversionFailure, _, let path?): "jsonConversionFailure at \(path.value)"
        case .error(let kind, _, _): kind.rawValue
        }
    }

    /// Whether only a replay can check this expectation (it depends on the arguments, not the response).
    var needsReplay: Bool {
        if case .error(.invalidRequest, _, _) = kind { return true }
        return false
    }
}

extension ResponseSpec {
    /// How messages name the response: `HTTP 500`, `networkError notConnectedToInternet`.
    var summary: String {
        switch kind {
        case .http(let status, _, _): "HTTP \(status)"
        case .networkError(_, let name): "networkError \(name)"
        }
    }
}
