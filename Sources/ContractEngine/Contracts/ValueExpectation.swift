/// A value the decoded model must hold at a path.
package struct ValueExpectation: Sendable {
    /// The path into the decoded model.
    let path: JSONPath
    /// The JSON value expected there.
    let value: JSONValue
    /// Where the expectation was written.
    let position: SourcePosition
}
