// Where two JSON values first differ, as a message names it.
extension JSONValue {
    /// The first place a value differs from the one expected, as JSON means it: key order and
    /// whitespace free, numbers by exact value. Keys are visited in the expected value's order,
    /// then the keys only the value has.
    /// - Parameters:
    ///   - expected: The value expected.
    ///   - path: The path so far (`""` for the root, then `.title`, `[1]`).
    /// - Returns: The path, and both sides as short text (`"Milk"`, `nothing`); `nil` when equivalent.
    func firstDifference(from expected: JSONValue, at path: String = "") -> (
        path: String, expected: String, got: String
    )? {
        switch (expected, self) {
        case (.object(let wanted), .object(let members)):
            for member in wanted {
                let key = Self.keyPath(path, member.key)
                guard let given = members.first(where: { $0.key == member.key }) else {
                    return (key, Self.shortText(member.value.value), "nothing")
                }
                if let found = given.value.value.firstDifference(from: member.value.value, at: key) { return found }
            }
            if let extra = members.first(where: { member in !wanted.contains { $0.key == member.key } }) {
                return (Self.keyPath(path, extra.key), "nothing", Self.shortText(extra.value.value))
            }
            return nil
        case (.array(let wanted), .array(let items)):
            for (index, element) in wanted.enumerated() {
                guard index < items.count else {
                    return ("\(path)[\(index)]", Self.shortText(element.value), "nothing")
                }
                if let found = items[index].value.firstDifference(from: element.value, at: "\(path)[\(index)]") {
                    return found
                }
            }
            guard items.count > wanted.count else { return nil }
            return ("\(path)[\(wanted.count)]", "nothing", Self.shortText(items[wanted.count].value))
        default:
            return isEquivalent(to: expected) ? nil : (path, Self.shortText(expected), Self.shortText(self))
        }
    }

    /// A key's path after its parent's: `.title`, or `["due at"]` for a key that is not a name.
    private static func keyPath(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return plain ? path + "." + key : path + "[" + quote(key) + "]"
    }

    /// A value as a message shows it: its JSON text, cut after 60 characters.
    private static func shortText(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 60 ? String(text.prefix(60)) + "\u{2026}" : text
    }
}
