/// A value from a contract with where it was written.
package struct Located<Value: Sendable>: Sendable {
    /// The value.
    var value: Value
    /// Where it was written.
    var position: SourcePosition
}
