import ContractCatalogue
import Foundation

/// A path into a JSON value or a decoded model, written `[0].name.common` (the leading dot optional).
package struct JSONPath: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// One step of a path.
    enum Segment: Sendable, Equatable, Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
        /// Any key of an object the model reads as a dictionary, written `*`: where a failure in
        /// one of its entries is, whichever entry the decoder met first.
        case anyKey
    }

    /// The steps from the root.
    var segments: [Segment]

    /// Creates a path from steps.
    /// - Parameter segments: The steps from the root.
    init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// Parses a path written `[0].name.common` or `.name`; a key holding `.`, `[` or `]` is written
    /// as a JSON string in brackets: `[0]["name.common"]`. A bare `*` is any key of a dictionary
    /// (`[0].currencies.*.name`); a key that is a star is written `["*"]`.
    /// - Parameter text: The path.
    /// - Returns: The path, or `nil` when it is malformed.
    init?(parsing text: String) {
        var segments: [Segment] = []
        var rest = Substring(text)
        if rest.first == "." { rest = rest.dropFirst() }
        while !rest.isEmpty {
            if rest.first == "[" {
                let inside = rest.dropFirst()
                if inside.first == "\"" {
                    guard let (key, after) = Self.quotedKey(inside) else { return nil }
                    segments.append(.key(key))
                    rest = after
                } else {
                    guard let close = inside.firstIndex(of: "]"), let index = Int(inside[..<close]), index >= 0 else {
                        return nil
                    }
                    segments.append(.index(index))
                    rest = inside[inside.index(after: close)...]
                }
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                guard end > rest.startIndex else { return nil }
                let key = rest[..<end]
                segments.append(key == "*" ? .anyKey : .key(String(key)))
                rest = rest[end...]
            }
            if rest.first == "." {
                rest = rest.dropFirst()
                guard !rest.isEmpty, rest.first != "[", rest.first != "." else { return nil }
            }
        }
        self.segments = segments
    }

    /// Reads `"key"]` from the start of text: the key, with JSON escapes resolved, and what follows.
    private static func quotedKey(_ text: Substring) -> (String, Substring)? {
        var index = text.index(after: text.startIndex)
        var escaped = false
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                break
            }
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return nil }
        let afterQuote = text.index(after: index)
        guard afterQuote < text.endIndex, text[afterQuote] == "]",
            let node = try? JSONParser.parse(Data(text[...index].utf8)), case .string(let key) = node.value
        else { return nil }
        return (key, text[text.index(after: afterQuote)...])
    }

    /// The path as contracts write it; empty for the root.
    package var description: String {
        segments.reduce("") { path, segment in
            switch segment {
            case .index(let index): CodingPath.appending(.index(index), to: path)
            case .key(let key): CodingPath.appending(.key(key), to: path)
            case .anyKey: CodingPath.appending(.anyKey, to: path)
            }
        }
    }

    /// Whether two paths name the same place, a `*` in either standing for any key of a
    /// dictionary: `[0].currencies.*.name` matches `[0].currencies.EUR.name`.
    /// - Parameter other: The other path.
    /// - Returns: `true` when every step matches.
    func matches(_ other: JSONPath) -> Bool {
        guard segments.count == other.segments.count else { return false }
        return zip(segments, other.segments).allSatisfy { mine, theirs in
            switch (mine, theirs) {
            case (.anyKey, .key), (.key, .anyKey), (.anyKey, .anyKey): true
            default: mine == theirs
            }
        }
    }

    /// Follows the path into a value.
    /// - Parameter root: The value to start from.
    /// - Returns: The node at the path, or `nil` when a step is missing or is `*`, which names no
    ///   one value.
    func lookUp(in root: JSONNode) -> JSONNode? {
        var node = root
        for segment in segments {
            switch (segment, node.value) {
            case (.key(let key), .object):
                guard let member = node.member(key) else { return nil }
                node = member.value
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                node = elements[index]

            default:
                return nil
            }
        }
        return node
    }
}
