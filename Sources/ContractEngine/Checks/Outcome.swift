import ContractCatalogue
import Foundation

/// What a case's response led to: a decoded value or an `APIError` case.
package enum Outcome: Sendable {
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
        case .failure(.invalidRequest(let reason)):
            self = .failed(.invalidRequest, status: nil, problem: DecodeProblem(path: "", reason: reason))
        case .failure(.jsonConversionFailure(let failure)):
            self = .failed(
                .jsonConversionFailure, status: nil, problem: DecodeProblem(path: failure.path, reason: failure.reason))
        case .failure(let error):
            self = .failed(error.kind, status: nil, problem: nil)
        }
    }

    /// Whether two outcomes are the same problem: equal values, or the same `APIError` case with
    /// the same status and failure path. The wording of a decoding failure does not count: the
    /// client's `JSONDecoder` and the tool's own account word one problem differently.
    func isSame(as other: Outcome) -> Bool {
        switch (self, other) {
        case (.decoded(let mine), .decoded(let theirs)):
            return mine.isEqual(to: theirs)
        case (.failed(let kind, let status, let mine), .failed(let otherKind, let otherStatus, let theirs)):
            guard kind == otherKind, status == otherStatus else { return false }
            guard kind == .jsonConversionFailure else { return true }
            // The client's path may be empty where Linux's JSONDecoder gives none, or a step short
            // where it names a bad ISO 8601 date by what holds it.
            let paths = [mine?.path ?? "", theirs?.path ?? ""]
            return paths.contains("") || JSONPath(parsing: paths[0]) == JSONPath(parsing: paths[1])
                || Self.isStepShort(mine, of: theirs) || Self.isStepShort(theirs, of: mine)
        default:
            return false
        }
    }

    /// Whether one failure is another's, named one step short and as a value that is not valid:
    /// `JSONDecoder` reports a date its `.iso8601` strategy refuses at the object or array that
    /// holds it (`days[1]`, where the tool names `days[1].date`).
    private static func isStepShort(_ short: DecodeProblem?, of long: DecodeProblem?) -> Bool {
        // `DecodingFailure`'s wording for a `dataCorrupted` error with a path.
        guard let short, let long, short.reason == "the value is not valid",
            let shortPath = JSONPath(parsing: short.path), let longPath = JSONPath(parsing: long.path),
            longPath.segments.count == shortPath.segments.count + 1
        else { return false }
        return JSONPath(Array(longPath.segments.dropLast())) == shortPath
    }

    /// How messages name the outcome: `responseUnsuccessful(404)`, `a decoded [Dog] of 3 elements`.
    func summary(model: ModelDescriptor) -> String {
        switch self {
        case .decoded(let value):
            value.count.map { "a decoded \(model.name) of \($0) \($0 == 1 ? "element" : "elements")" }
                ?? "a decoded \(model.name)"
        case .failed(.responseUnsuccessful, let status?, _):
            "responseUnsuccessful(\(status))"
        case .failed(.jsonConversionFailure, _, let problem?):
            problem.path.isEmpty
                ? "jsonConversionFailure (\(problem.reason))"
                : "jsonConversionFailure at \(problem.path) (\(problem.reason))"
        case .failed(.invalidRequest, _, let problem?):
            "invalidRequest (\(problem.reason))"
        case .failed(let kind, _, _):
            kind.rawValue
        }
    }
}
