/// An error a client ended a call in, in the words contracts use: the name of its case and what
/// that case carries.
///
/// An app's error vocabulary (`ErrorVocabulary`) translates each of its client's errors into one:
/// `ClientError("unauthorized")`, `ClientError("server", status: 503)`,
/// `ClientError("unreadable", failure: DecodingFailure(error))`.
public struct ClientError: Error, Equatable, Sendable {
    /// The case's name as contracts write it in `"error"`, such as `unauthorized`.
    public let name: String
    /// The HTTP status the error carries, for a case that carries one.
    public let status: Int?
    /// Where and why the body failed to decode, for a case that carries a decoding failure.
    public let failure: DecodingFailure?
    /// Why, in words, for a case that carries a reason (`invalidRequest`'s "the name is empty").
    public let reason: String?

    /// Creates an error in the contracts' words.
    /// - Parameters:
    ///   - name: The case's name as contracts write it.
    ///   - status: The HTTP status it carries, if any.
    ///   - failure: The decoding failure it carries, if any.
    ///   - reason: Why, in words, if it carries a reason.
    public init(_ name: String, status: Int? = nil, failure: DecodingFailure? = nil, reason: String? = nil) {
        self.name = name
        self.status = status
        self.failure = failure
        self.reason = reason
    }
}

extension ClientError: CustomStringConvertible {
    /// A one-line rendering such as `server(503)`, `unreadable at [0].due_at (required key is missing)`.
    public var description: String {
        if let status { return "\(name)(\(status))" }
        if let failure {
            return failure.path.isEmpty
                ? "\(name) (\(failure.reason))" : "\(name) at \(failure.path) (\(failure.reason))"
        }
        if let reason { return "\(name) (\(reason))" }
        return name
    }
}
