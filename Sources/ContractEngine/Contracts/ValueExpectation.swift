/// A value the decoded model must hold at a path.
package struct ValueExpectation: Sendable {
    /// The path into the decoded model.
    package let path: JSONPath
    /// The JSON value expected there.
    package let value: JSONValue
    /// Where the expectation was written.
    package let position: SourcePosition
}
