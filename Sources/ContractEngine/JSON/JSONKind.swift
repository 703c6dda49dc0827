/// The kinds of JSON value, as drift messages name them.
enum JSONKind: String, Sendable, Comparable, CaseIterable {
    case object, array, string, number, boolean, null

    init(_ value: JSONValue) {
        switch value {
        case .object: self = .object
        case .array: self = .array
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .boolean
        case .null: self = .null
        }
    }

    static func < (lhs: JSONKind, rhs: JSONKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// `number`, or `number or null` for a path whose values differ from element to element.
    static func describe(_ kinds: Set<JSONKind>) -> String {
        kinds.sorted().map(\.rawValue).joined(separator: " or ")
    }
}
