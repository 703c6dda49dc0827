import Foundation

/// A value as reflection sees it, shaped like JSON: how the tool compares two values of a model it
/// can neither compare with `==` nor encode (an SDK's response type that is only `Decodable`), and
/// names where they differ. Stored properties are members under their Swift names; arrays and
/// sets are elements (a set's sorted); a dictionary is members under its keys' descriptions; an
/// enum case is its name, or a member of that name holding its payload; `nil` is `null`.
package indirect enum Reflected: Equatable, Sendable {
    /// `nil`.
    case null
    /// A `Bool`.
    case bool(Bool)
    /// A number, as Swift describes it.
    case number(String)
    /// A string, or a value Swift describes by a text of its own (a date, a URL, an enum case).
    case string(String)
    /// An array's, a set's or a collection's elements.
    case array([Reflected])
    /// A struct's, a class's, a tuple's or a dictionary's members, in order.
    case object([Member])

    /// A member of an object: its name and its value.
    package struct Member: Equatable, Sendable {
        /// The stored property's name, the dictionary's key, the tuple's label or `.0`.
        package let name: String
        /// What it holds.
        package let value: Reflected
    }

    /// How deep reflection goes before it stops: a value nested deeper is compared as the text
    /// Swift describes it by.
    private static let depthLimit = 64

    /// Reflects a value.
    /// - Parameter value: The value.
    /// - Returns: Its reflection.
    package static func of(_ value: Any) -> Reflected {
        var walk = Walk()
        return reflect(value, depth: 0, walk: &walk)
    }

    /// What one reflection keeps as it goes: the classes on the path to the value at hand, and a
    /// formatter for the dates, made at the first.
    private struct Walk {
        var path: [ObjectIdentifier] = []
        var formatter: ISO8601DateFormatter?

        /// A date to the millisecond, in ISO 8601.
        mutating func timestamp(_ date: Date) -> String {
            if let formatter { return formatter.string(from: date) }
            let made = ISO8601DateFormatter()
            made.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            formatter = made
            return made.string(from: date)
        }
    }

    private static func reflect(_ value: Any, depth: Int, walk: inout Walk) -> Reflected {
        if let date = value as? Date { return .string(walk.timestamp(date)) }
        if let leaf = leaf(value) { return leaf }
        let mirror = Mirror(reflecting: value)
        guard depth < depthLimit else { return .string(String(describing: value)) }
        // A class met again on its own path holds itself: it is named, not walked forever.
        var identity: ObjectIdentifier?
        if mirror.displayStyle == .class, let object = value as AnyObject? {
            let id = ObjectIdentifier(object)
            if walk.path.contains(id) { return .string("(itself: \(type(of: value)))") }
            identity = id
            walk.path.append(id)
        }
        defer { if identity != nil { walk.path.removeLast() } }
        func child(_ value: Any) -> Reflected { reflect(value, depth: depth + 1, walk: &walk) }
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { child($0.value) } ?? .null
        case .collection:
            return .array(mirror.children.map { child($0.value) })
        case .set:
            return .array(mirror.children.map { child($0.value) }.sorted { $0.sortKey < $1.sortKey })
        case .dictionary:
            let members = mirror.children.map { entry -> Member in
                let pair = Array(Mirror(reflecting: entry.value).children)
                let key = pair.first.map { String(describing: $0.value) } ?? ""
                return Member(name: key, value: pair.count > 1 ? child(pair[1].value) : .null)
            }
            return .object(members.sorted { $0.name < $1.name })
        case .enum:
            guard let payload = mirror.children.first else { return .string(String(describing: value)) }
            return .object([Member(name: payload.label ?? String(describing: value), value: child(payload.value))])
        default:
            var mirrors = [mirror]
            while let superclass = mirrors[0].superclassMirror { mirrors.insert(superclass, at: 0) }
            let children = mirrors.flatMap(\.children)
            guard !children.isEmpty else { return .string(String(describing: value)) }
            return .object(
                children.enumerated().map { index, member in
                    Member(name: member.label ?? ".\(index)", value: child(member.value))
                })
        }
    }

    /// The values compared as what they stand for rather than by their stored parts.
    private static func leaf(_ value: Any) -> Reflected? {
        switch value {
        case let bool as Bool: .bool(bool)
        case let string as String: .string(string)
        case let string as Substring: .string(String(string))
        case let character as Character: .string(String(character))
        case let number as any BinaryInteger: .number(String(describing: number))
        case let number as any BinaryFloatingPoint: .number(String(describing: number))
        case let number as Decimal: .number(number.description)
        case let url as URL: .string(url.absoluteString)
        case let uuid as UUID: .string(uuid.uuidString)
        case let data as Data: .string(data.base64EncodedString())
        default: nil
        }
    }

    /// What a set's elements are sorted by: their text, kind first.
    private var sortKey: String {
        switch self {
        case .null: "0"
        case .bool(let value): "1\(value)"
        case .number(let text): "2\(text)"
        case .string(let text): "3\(text)"
        case .array(let elements): "4" + elements.map(\.sortKey).joined(separator: ",")
        case .object(let members): "5" + members.map { "\($0.name)=\($0.value.sortKey)" }.joined(separator: ",")
        }
    }
}
