import ContractCatalogue

/// What a case's outcome must be.
package struct Expectation: Sendable {
    /// The kinds of outcome a case can expect.
    package enum Kind: Sendable {
        /// The body decodes, optionally to an array of `count` elements with `values` at paths.
        case decodes(count: Located<Int>?, values: [ValueExpectation])
        /// The call fails with an `APIError` case, optionally with a status or a coding path.
        case error(APIError.Kind, status: Located<Int>?, path: Located<JSONPath>?)
    }

    /// What the outcome must be.
    let kind: Kind
    /// Where `expect` starts.
    let position: SourcePosition

    /// Whether only a replay can check this expectation (it depends on the arguments, not the response).
    var needsReplay: Bool {
        if case .error(.invalidRequest, _, _) = kind { return true }
        return false
    }
}
