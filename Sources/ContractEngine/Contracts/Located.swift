/// A value from a contract with where it was written.
package struct Located<Value: Sendable>: Sendable {
    /// The value.
    package var value: Value
    /// Where it was written.
    package var position: SourcePosition
}
