import ContractCatalogue

/// What a case's outcome must be.
package struct Expectation: Sendable {
    /// The kinds of outcome a case can expect.
    package enum Kind: Sendable {
        /// The body decodes, optionally to an array of `count` elements with `values` at paths.
        case decodes(count: Located<Int>?, values: [ValueExpectation])
        /// The call fails with one of the client's errors, optionally with a status or a coding path.
        case error(ErrorName, status: Located<Int>?, path: Located<JSONPath>?)
    }

    /// What the outcome must be.
    let kind: Kind
    /// Where `expect` starts.
    let position: SourcePosition
    /// Whether the client must answer the error before sending anything (`"sent": false`): a
    /// check of its own, such as a blank query refused, whatever error a response would also give.
    var beforeSending = false
    /// Whether only a replay can check this expectation: an error before sending, or one no
    /// outcome rule gives for a response (`invalidRequest`), which depends on the arguments.
    var needsReplay = false
}
