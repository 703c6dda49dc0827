/// How the exports build the JSON they write: objects whose members keep the order given (the
/// printer sorts keys), with no source positions, since nothing in them comes from a file.
protocol GeneratedJSON {}

extension GeneratedJSON {
    /// An object of the members, in order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, keyPosition: .start, value: node($0.1)) })
    }

    /// A value as a node of a generated document.
    static func node(_ value: JSONValue) -> JSONNode {
        JSONNode(value, at: .start)
    }
}
