/// An entry of a contract's `ignoredKeys`: an unread key's path as `verify` reports it
/// (`[*].gender`), or a pattern where `*` stands for any part of one key (`[*].links.*`); a pattern
/// of one key alone (`*_url`) holds that key at any depth.
struct KeyPattern: Sendable, Hashable {
    /// The entry as the contract writes it.
    let text: String

    /// Whether an unread key's path is one the entry names.
    /// - Parameter path: The path, such as `[*].owner.avatar_url`.
    /// - Returns: `true` when it matches.
    func matches(_ path: String) -> Bool {
        let pattern = Array(text.replacingOccurrences(of: "[*]", with: "\u{0}"))
        guard pattern.contains("*") else { return text == path }
        let isOneKey = !pattern.contains(".") && !pattern.contains("[") && !pattern.contains("\u{0}")
        let subject = path.replacingOccurrences(of: "[*]", with: "\u{0}")
        if isOneKey {
            let last = subject.split(whereSeparator: { $0 == "." || $0 == "\u{0}" }).last.map(String.init) ?? ""
            return Self.glob(pattern, Array(last))
        }
        return Self.glob(pattern, Array(subject))
    }

    /// `*` matches any run of characters within one key: none of `.`, `[`, or an element marker.
    private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                result = match(p + 1, t) || (t < text.count && !".[\u{0}".contains(text[t]) && match(p, t + 1))
            } else {
                result = t < text.count && pattern[p] == text[t] && match(p + 1, t + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
