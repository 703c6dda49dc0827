import ContractCatalogue

/// Where and why a body failed to decode: the API layer's `DecodingFailure` (path and reason),
/// plus where in the body it is, which the tool finds itself.
package struct DecodeProblem: Error, Sendable, Equatable {
    /// The path and the reason.
    var failure: DecodingFailure
    /// Where in the body, when known.
    var position: SourcePosition?

    /// Creates a problem.
    /// - Parameters:
    ///   - path: The coding path, written `[0].name.common`; empty for the top level.
    ///   - reason: Why, such as `required key is missing`.
    ///   - position: Where in the body, when known.
    init(path: String, reason: String, position: SourcePosition? = nil) {
        failure = DecodingFailure(path: path, reason: reason)
        self.position = position
    }

    /// The coding path, written `[0].name.common`; empty for the top level.
    var path: String { failure.path }
    /// Why, such as `required key is missing`.
    var reason: String { failure.reason }
    /// The problem as `path: reason`.
    var summary: String { failure.description }
}
