import Foundation

/// A reader for the block subset of YAML that workflow files use: mappings, sequences (block and
/// `[a, b]` flow), plain and quoted scalars, comments. Anything outside that subset, a tab in the
/// indentation or a line indented where nothing can start, is an error with its line, so a test
/// can tell a well-formed workflow from a broken one without a YAML package.
indirect enum YAMLNode: Equatable {
    case scalar(String)
    case sequence([YAMLNode])
    case mapping([(key: String, value: YAMLNode)])

    static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.sequence(let a), .sequence(let b)): a == b
        case (.mapping(let a), .mapping(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// The value under a key of a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? { if case .scalar(let text) = self { text } else { nil } }
    var items: [YAMLNode] { if case .sequence(let items) = self { items } else { [] } }
    var keys: [String] { if case .mapping(let members) = self { members.map(\.key) } else { [] } }
}

struct YAMLError: Error, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { "line \(line): \(message)" }
}

struct BlockYAML {
    private struct Line {
        let number: Int
        let indent: Int
        let text: String
    }

    private var lines: [Line] = []
    private var index = 0

    /// Parses a document.
    static func parse(_ text: String) throws -> YAMLNode {
        var reader = BlockYAML()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = Self.withoutComment(String(raw))
            guard !content.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let indentation = content.prefix { $0 == " " || $0 == "\t" }
            if indentation.contains("\t") { throw YAMLError(line: offset + 1, message: "a tab in the indentation") }
            reader.lines.append(
                Line(number: offset + 1, indent: indentation.count, text: content.trimmingCharacters(in: .whitespaces)))
        }
        guard let first = reader.lines.first else { return .mapping([]) }
        let root = try reader.block(at: first.indent)
        if reader.index < reader.lines.count {
            throw YAMLError(line: reader.lines[reader.index].number, message: "indented where nothing can start")
        }
        return root
    }

    private mutating func block(at indent: Int) throws -> YAMLNode {
        lines[index].text.hasPrefix("- ") || lines[index].text == "-"
            ? try sequence(at: indent) : try mapping(at: indent)
    }

    private mutating func sequence(at indent: Int) throws -> YAMLNode {
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("-") {
            let line = lines[index]
            let rest = String(line.text.dropFirst()).trimmingCharacters(in: .whitespaces)
            if rest.isEmpty {
                index += 1
                items.append(try nested(deeperThan: indent, line: line.number))
            } else if Self.splitKey(rest) != nil {
                // `- key: value` opens a mapping whose keys line up with `key`.
                lines[index] = Line(number: line.number, indent: indent + 2, text: rest)
                items.append(try mapping(at: indent + 2))
            } else {
                index += 1
                items.append(try Self.scalar(rest, line: line.number))
            }
        }
        return .sequence(items)
    }

    private mutating func mapping(at indent: Int) throws -> YAMLNode {
        var members: [(key: String, value: YAMLNode)] = []
        while index < lines.count, lines[index].indent == indent {
            let line = lines[index]
            guard let (key, value) = Self.splitKey(line.text) else {
                throw YAMLError(line: line.number, message: "expected \"key: value\", found \"\(line.text)\"")
            }
            if members.contains(where: { $0.key == key }) {
                throw YAMLError(line: line.number, message: "duplicate key \"\(key)\"")
            }
            index += 1
            if value.isEmpty {
                // A sequence may sit at the key's own indentation.
                if index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("- ") {
                    members.append((key, try sequence(at: indent)))
                } else {
                    members.append((key, try nested(deeperThan: indent, line: line.number)))
                }
            } else if value == "|" || value == ">" {
                var text: [String] = []
                while index < lines.count, lines[index].indent > indent {
                    text.append(lines[index].text)
                    index += 1
                }
                members.append((key, .scalar(text.joined(separator: value == "|" ? "\n" : " "))))
            } else {
                members.append((key, try Self.scalar(value, line: line.number)))
            }
        }
        if index < lines.count, lines[index].indent > indent {
            throw YAMLError(line: lines[index].number, message: "indented where nothing can start")
        }
        return .mapping(members)
    }

    private mutating func nested(deeperThan indent: Int, line: Int) throws -> YAMLNode {
        guard index < lines.count, lines[index].indent > indent else { return .scalar("") }
        return try block(at: lines[index].indent)
    }

    /// `key: value` or `key:`; keys may be quoted.
    private static func splitKey(_ text: String) -> (String, String)? {
        var quote: Character?
        for position in text.indices {
            let character = text[position]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                continue
            }
            guard character == ":" else { continue }
            let after = text.index(after: position)
            guard after == text.endIndex || text[after] == " " else { continue }
            let key = String(text[..<position]).trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.hasPrefix("[") else { return nil }
            return (unquoted(key), String(text[after...]).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    private static func scalar(_ text: String, line: Int) throws -> YAMLNode {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]") else { throw YAMLError(line: line, message: "unclosed flow sequence") }
            let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
            if inner.isEmpty { return .sequence([]) }
            return .sequence(
                inner.split(separator: ",").map { .scalar(unquoted($0.trimmingCharacters(in: .whitespaces))) })
        }
        if text.hasPrefix("{") { throw YAMLError(line: line, message: "flow mappings are outside the subset") }
        if let first = text.first, first == "\"" || first == "'", text.count < 2 || text.last != first {
            throw YAMLError(line: line, message: "unclosed quote")
        }
        return .scalar(unquoted(text))
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }

    /// The line without a `#` comment: one at the start or after a space, outside quotes.
    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for position in line.indices {
            let character = line[position]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " {
                return String(line[..<position])
            }
            previous = character
        }
        return line
    }
}
