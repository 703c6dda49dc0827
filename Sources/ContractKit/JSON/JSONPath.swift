import Foundation

/// A path into a JSON value or a decoded model, written `[0].name.common` (the leading dot optional).
public struct JSONPath: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Segment: Sendable, Equatable, Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the root.
    public var segments: [Segment]

    /// Creates a path from steps.
    /// - Parameter segments: The steps from the root.
    public init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// Parses a path written `[0].name.common` or `.name`.
    /// - Parameter text: The path.
    /// - Returns: The path, or `nil` when it is malformed.
    public init?(parsing text: String) {
        var segments: [Segment] = []
        var rest = Substring(text)
        if rest.first == "." { rest = rest.dropFirst() }
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0 else {
                    return nil
                }
                segments.append(.index(index))
                rest = rest[rest.index(after: close)...]
                if rest.first == "." {
                    rest = rest.dropFirst()
                    guard !rest.isEmpty, rest.first != "[", rest.first != "." else { return nil }
                }
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                guard end > rest.startIndex else { return nil }
                segments.append(.key(String(rest[..<end])))
                rest = rest[end...]
                if rest.first == "." {
                    rest = rest.dropFirst()
                    guard !rest.isEmpty, rest.first != "[" else { return nil }
                }
            }
        }
        self.segments = segments
    }

    /// The path as contracts write it; empty for the root.
    public var description: String {
        var result = ""
        for segment in segments {
            switch segment {
            case .index(let index): result += "[\(index)]"
            case .key(let key): result += result.isEmpty ? key : ".\(key)"
            }
        }
        return result
    }

    /// Follows the path into a value.
    /// - Parameter root: The value to start from.
    /// - Returns: The node at the path, or `nil` when a step is missing.
    public func lookUp(in root: JSONNode) -> JSONNode? {
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
