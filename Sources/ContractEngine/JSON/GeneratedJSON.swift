/// How the tool builds the JSON it writes (the exports' documents, `serve`'s control answers):
/// values, never text put together by hand, so every string is escaped once and the same value
/// prints the same bytes. Objects keep their members in the order given (the printer sorts keys)
/// and carry no source positions, since nothing in them comes from a file.
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

    /// An array of the values, in order.
    static func array(_ values: [JSONValue]) -> JSONValue {
        .array(values.map(node))
    }

    /// An array of strings.
    static func strings(_ values: [String]) -> JSONValue {
        array(values.map(JSONValue.string))
    }

    /// A string, or `null` for none.
    static func text(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// An integer, or `null` for none.
    static func integer(_ value: Int?) -> JSONValue {
        value.map { .number(String($0)) } ?? .null
    }
}
