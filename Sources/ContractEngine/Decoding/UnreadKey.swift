/// A key in a body that the model never reads (an unread key): its value is dropped without a
/// word. A contract acknowledges the ones it expects in `ignoredKeys`.
struct UnreadKey: Sendable, Equatable {
    /// The key's path with array elements collapsed, such as `[*].gender`.
    var path: String
    /// Where the key first occurs in the body.
    var position: SourcePosition
    /// How many times it occurs.
    var occurrences: Int
}
