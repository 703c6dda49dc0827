/// One member of a JSON object, with where its key starts.
struct JSONMember: Sendable, Equatable {
    /// The key.
    var key: String
    /// Where the key starts.
    var keyPosition: SourcePosition
    /// The value.
    var value: JSONNode
}
