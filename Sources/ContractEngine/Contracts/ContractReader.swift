import ContractCatalogue
import Foundation

/// Reads typed values out of a parsed contract, collecting a diagnostic for every problem.
struct ContractReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// The contract's endpoint as written, once read, for a contract that fails to load.
    var endpointName: String?

    init(file: String) {
        self.file = file
    }

    mutating func error(_ message: String, at position: SourcePosition) {
        diagnostics.append(Diagnostic(.error, message, file: file, position: position))
    }

    /// The members of an object by key, reporting unknown and duplicate keys.
    mutating func members(of node: JSONNode, in context: String, allowed: [String]) -> MemberTable? {
        guard case .object(let list) = node.value else {
            error("expected \(context) to be an object, found \(node.value.foundDescription)", at: node.position)
            return nil
        }
        var byKey = MemberTable()
        for member in list {
            if let first = byKey[member.key] {
                error(
                    "duplicate key \"\(member.key)\" in \(context) (first at line \(first.keyPosition.line))",
                    at: member.keyPosition)
                continue
            }
            guard allowed.contains(member.key) else {
                var message = "unknown key \"\(member.key)\" in \(context)"
                if let suggestion = Self.suggestion(for: member.key, among: allowed) {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += "; expected one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
                }
                error(message, at: member.keyPosition)
                continue
            }
            byKey.add(member)
        }
        return byKey
    }

    mutating func string(_ member: JSONMember?) -> Located<String>? {
        guard let member else { return nil }
        guard case .string(let value) = member.value.value else {
            error(
                "\"\(member.key)\" must be a string, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return nil
        }
        return Located(value: value, position: member.value.position)
    }

    mutating func bool(_ member: JSONMember?) -> Located<Bool>? {
        guard let member else { return nil }
        guard case .bool(let value) = member.value.value else {
            error(
                "\"\(member.key)\" must be true or false, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return nil
        }
        return Located(value: value, position: member.value.position)
    }

    mutating func integer(_ member: JSONMember?, in range: ClosedRange<Int>) -> Located<Int>? {
        guard let member else { return nil }
        guard case .number(let literal) = member.value.value, let value = Int(literal) ?? Self.whole(literal) else {
            error(
                "\"\(member.key)\" must be a whole number, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return nil
        }
        guard range.contains(value) else {
            error(
                "\"\(member.key)\" must be between \(range.lowerBound) and \(range.upperBound), found \(value)",
                at: member.value.position)
            return nil
        }
        return Located(value: value, position: member.value.position)
    }

    /// A number written with a fraction or an exponent whose value is whole (`200.0`, `2e2`): an
    /// integer to JSON Schema, and so to the loader.
    private static func whole(_ literal: String) -> Int? {
        guard let value = Double(literal), value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else {
            return nil
        }
        return Int(value)
    }

    /// An array whose elements must all be strings, such as `ignoredKeys`.
    mutating func stringArray(_ member: JSONMember?) -> Located<[String]>? {
        guard let member else { return nil }
        guard case .array(let elements) = member.value.value else {
            error(
                "\"\(member.key)\" must be an array of strings, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return nil
        }
        var result: [String] = []
        for element in elements {
            guard case .string(let value) = element.value else {
                error(
                    "\"\(member.key)\" must hold strings, found \(element.value.foundDescription)",
                    at: element.position)
                return nil
            }
            result.append(value)
        }
        return Located(value: result, position: member.value.position)
    }

    /// An object whose values must all be strings, such as `headers` or `query`.
    mutating func stringObject(_ member: JSONMember?) -> Located<[String: String]>? {
        guard let member else { return nil }
        guard case .object(let list) = member.value.value else {
            error(
                "\"\(member.key)\" must be an object of strings, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return nil
        }
        var result: [String: String] = [:]
        var valid = true
        for entry in list {
            guard case .string(let value) = entry.value.value else {
                error(
                    "\"\(member.key)\".\"\(entry.key)\" must be a string, found \(entry.value.value.foundDescription)",
                    at: entry.value.position)
                valid = false
                continue
            }
            if result[entry.key] != nil {
                error("duplicate key \"\(entry.key)\" in \"\(member.key)\"", at: entry.keyPosition)
                valid = false
            }
            result[entry.key] = value
        }
        return valid ? Located(value: result, position: member.value.position) : nil
    }

    /// The closest allowed key within two edits, for "did you mean".
    static func suggestion(for key: String, among allowed: [String], within edits: Int = 2) -> String? {
        NearestName.nearest(to: key, among: allowed, within: edits)
    }
}
