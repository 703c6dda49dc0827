import Foundation

extension Contract {
    /// A warning for each `ignoredKeys` pattern (an entry with `*`) that no key of any of the
    /// contract's bodies matches: a pattern that quiets nothing is a typo or a key the server
    /// dropped, and would quiet a key nobody meant once the server sends one. Exact paths are left
    /// alone: they name keys as `verify` reported them.
    /// - Parameter limit: The largest fixture read, in bytes.
    /// - Returns: The warnings, each at the entry.
    func unmatchedIgnoredKeyPatterns(limit: Int = 64 << 20) -> [Diagnostic] {
        let patterns = ignoredKeyEntries.filter { $0.value.replacingOccurrences(of: "[*]", with: "").contains("*") }
        guard !patterns.isEmpty else { return [] }
        var paths: Set<String> = []
        for entry in cases {
            guard case .ready(let spec) = entry, case .http(_, _, let body) = spec.response.kind else { continue }
            let data: Data? =
                switch body {
                case .none: nil
                case .inline(let text): Data(text.utf8)
                case .received(let data, _): data
                case .fixture(_, let file, _):
                    if case .success(let data) = RegularFile.read(file, limit: limit) { data } else { nil }
                }
            guard let data, let root = try? JSONParser.parse(data) else { continue }
            Self.collectKeyPaths(of: root, under: "", into: &paths)
        }
        return patterns.compactMap { pattern in
            let matcher = KeyPattern(text: pattern.value)
            guard !paths.contains(where: matcher.matches) else { return nil }
            return Diagnostic(
                .warning,
                "ignoredKeys: \"\(pattern.value)\" matches no key of any body of this contract",
                file: file, position: pattern.position)
        }
    }

    /// Every key's path in a body as `verify` names unread keys: `[*]` for an array's elements,
    /// `.` between keys (`[*].owner.avatar_url`).
    private static func collectKeyPaths(of node: JSONNode, under path: String, into paths: inout Set<String>) {
        switch node.value {
        case .object(let members):
            for member in members {
                let child = path.isEmpty ? member.key : "\(path).\(member.key)"
                paths.insert(child)
                collectKeyPaths(of: member.value, under: child, into: &paths)
            }
        case .array(let elements):
            for element in elements { collectKeyPaths(of: element, under: path + "[*]", into: &paths) }
        default:
            break
        }
    }
}
