import ContractCatalogue
import Foundation

/// What a case's response led to: a decoded value or one of the client's errors.
package enum Outcome: Sendable {
    /// The body decoded.
    case decoded(DecodedValue)
    /// The call failed: the error, its status where it carries one, and its problem (where a body
    /// failed to decode, or the reason in words for an error that carries one).
    case failed(ErrorName, status: Int?, problem: DecodeProblem?)

    /// The outcome of a real client's call, its error read by the endpoint's vocabulary.
    /// - Parameters:
    ///   - result: What the client completed with.
    ///   - errors: The endpoint's error vocabulary.
    init(_ result: Result<DecodedValue, any Error>, errors: ErrorVocabulary) {
        switch result {
        case .success(let value):
            self = .decoded(value)
        case .failure(let error):
            guard let words = errors.words(for: error) else {
                let reason =
                    error is Endpoint.ArgumentError
                    ? "an error of the contract's arguments (\(error))"
                    : "an error that is not a \(errors.typeName) (\(error))"
                let problem = DecodeProblem(path: "", reason: reason)
                self = .failed(ErrorName(ErrorName.foreign, in: errors), status: nil, problem: problem)
                return
            }
            guard errors.errorCase(named: words.name) != nil else {
                let known = errors.cases.map { "\"\($0.name)\"" }.joined(separator: ", ")
                let reason =
                    "\"\(words.name)\", which the vocabulary of \(errors.typeName) does not declare (it has \(known)); check how it words the client's errors"
                self = .failed(
                    ErrorName(ErrorName.foreign, in: errors), status: nil,
                    problem: DecodeProblem(path: "", reason: reason))
                return
            }
            let name = ErrorName(words.name, in: errors)
            let problem =
                words.failure.map { DecodeProblem(path: $0.path, reason: $0.reason) }
                ?? words.reason.map { DecodeProblem(path: "", reason: $0) }
            self = .failed(name, status: words.status, problem: problem)
        }
    }

    /// Whether two outcomes are the same problem: equal values, or the same error with the same
    /// status and failure path. The wording of a decoding failure does not count: the client's
    /// `JSONDecoder` and the tool's own account word one problem differently.
    func isSame(as other: Outcome) -> Bool {
        switch (self, other) {
        case (.decoded(let mine), .decoded(let theirs)):
            return mine.isEqual(to: theirs)
        case (.failed(let name, let status, let mine), .failed(let otherName, let otherStatus, let theirs)):
            guard name == otherName, status == otherStatus else { return false }
            guard name.isDecodingFailure else { return true }
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

    /// The decoding failure, for an outcome that is one.
    var decodingProblem: DecodeProblem? {
        if case .failed(let name, _, let problem?) = self, name.isDecodingFailure { return problem }
        return nil
    }

    /// How messages name the outcome: `responseUnsuccessful(404)`, `a decoded [Dog] of 3 elements`,
    /// `jsonConversionFailure at [0].id (required key is missing)`.
    func summary(model: ModelDescriptor) -> String {
        switch self {
        case .decoded where !model.readsBody:
            "success"
        case .decoded(let value):
            value.count.map { "a decoded \(model.name) of \($0) \($0 == 1 ? "element" : "elements")" }
                ?? "a decoded \(model.name)"
        case .failed(let name, _, let problem?) where name.name == ErrorName.foreign:
            problem.reason
        case .failed(let name, let status?, _):
            "\(name.name)(\(status))"
        case .failed(let name, _, let problem?) where name.isDecodingFailure && !problem.path.isEmpty:
            "\(name.name) at \(problem.path) (\(problem.reason))"
        case .failed(let name, _, let problem?):
            "\(name.name) (\(problem.reason))"
        case .failed(let name, _, nil):
            name.name
        }
    }
}
