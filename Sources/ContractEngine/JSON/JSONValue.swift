import ContractCatalogue
import Foundation

/// A JSON value; numbers keep their literal text so nothing is rounded before a check needs it.
indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// An object, its members in file order (duplicates kept, so they can be reported).
    case object([JSONMember])

    /// How a message names the value's kind: `a string`, `a number`, ...
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// How a message names a value found where another was expected: its kind for a container
    /// or `null`, else its text, cut to 40 characters (`"free"`, `2.02`).
    var foundDescription: String {
        switch self {
        case .array, .object, .null: return kindDescription
        default:
            let text = jsonText
            return text.count <= 40 ? text : String(text.prefix(37)) + "..."
        }
    }

    /// The value as compact JSON text with sorted keys, for messages and reports.
    var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let literal): literal
        case .string(let string): JSONValue.quote(string)
        case .array(let elements): "[" + elements.map(\.value.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + JSONValue.sorted(members).map { JSONValue.quote($0.key) + ":" + $0.value.value.jsonText }.joined(
                    separator: ",") + "}"
        }
    }

    /// The value as a contract writes it on one line, members in the order given:
    /// `{ "name": "united states", "fullText": true }`, `["name", "capital"]`, `{}`.
    var contractText: String {
        switch self {
        case .array(let elements): "[" + elements.map(\.value.contractText).joined(separator: ", ") + "]"
        case .object(let members) where !members.isEmpty:
            "{ " + members.map { JSONValue.quote($0.key) + ": " + $0.value.value.contractText }.joined(separator: ", ")
                + " }"
        default: jsonText
        }
    }

    /// An object's members in the order every JSON the tool prints uses: by key, as UTF-8 bytes,
    /// so the same value always prints the same bytes.
    static func sorted(_ members: [JSONMember]) -> [JSONMember] {
        members.enumerated().sorted { a, b in
            a.element.key == b.element.key
                ? a.offset < b.offset : a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
        }.map(\.element)
    }

    /// Whether two values mean the same JSON: numbers compare by exact decimal value (`1.50` is
    /// `1.5` and `15e-1`, but `9007199254740993` is not `9007199254740992`), objects ignore member order.
    /// - Parameter other: The value to compare with.
    /// - Returns: `true` when they are equivalent.
    func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)):
            return a == b || ExactNumber(a).map { $0 == ExactNumber(b) } ?? false
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.value.isEquivalent(to: $1.value) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in
                b.contains { $0.key == member.key && $0.value.value.isEquivalent(to: member.value.value) }
            }
        default: return false
        }
    }

    /// The value with `true` in place of the value of every member whose name `secret` marks, at
    /// any depth: what a file or a message may show of a body holding secrets.
    /// - Parameter secret: Whether a member's name marks its value a secret.
    /// - Returns: The value, its secrets taken out.
    func redacting(where secret: (String) -> Bool) -> JSONValue {
        switch self {
        case .object(let members):
            return .object(
                members.map { member in
                    var member = member
                    member.value.value = secret(member.key) ? .bool(true) : member.value.value.redacting(where: secret)
                    return member
                })
        case .array(let elements):
            return .array(
                elements.map { element in
                    var element = element
                    element.value = element.value.redacting(where: secret)
                    return element
                })
        default:
            return self
        }
    }

    /// Quotes a string as JSON.
    /// - Parameter string: The string.
    /// - Returns: The quoted, escaped string.
    static func quote(_ string: String) -> String {
        CodingPath.quote(string)
    }
}
