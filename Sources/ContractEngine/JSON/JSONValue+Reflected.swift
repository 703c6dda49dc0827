import ContractCatalogue

extension JSONValue {
    /// A reflected value as JSON, its members under their Swift names: how a value of a model that
    /// cannot be encoded is compared and shown.
    /// - Parameter reflected: The value as reflection sees it.
    init(_ reflected: Reflected) {
        switch reflected {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map { JSONNode(JSONValue($0), at: .start) })
        case .object(let members):
            self = .object(
                members.map {
                    JSONMember(key: $0.name, keyPosition: .start, value: JSONNode(JSONValue($0.value), at: .start))
                })
        }
    }
}
