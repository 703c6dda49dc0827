/// A JSON value parsed with the position it starts at.
struct JSONNode: Sendable, Equatable {
    /// The value.
    var value: JSONValue
    /// Where the value starts.
    var position: SourcePosition

    /// Creates a node.
    /// - Parameters:
    ///   - value: The value.
    ///   - position: Where it starts.
    init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

extension JSONNode {
    /// The member with a key, the first one when the key is repeated (as `JSONDecoder` reads it).
    /// - Parameter key: The key.
    /// - Returns: The member, or `nil` when absent or when this is not an object.
    func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }
    }
}
