import ContractCatalogue

/// One way a JSON value differs from a stated one, as JSON means it: key order and white space
/// free, numbers by exact value. Replay names every difference of a client's request body; `serve`
/// names the first of a request it cannot match.
struct JSONDifference: Sendable {
    /// Where, written `[0].name.common` (empty for the whole value).
    let path: String
    /// The stated value; `nil` for a key (or an element) the statement does not have.
    let expected: JSONValue?
    /// The value found; `nil` for a key (or an element) that is missing.
    let found: JSONValue?
    /// Where the statement writes the stated value, or the object missing the key found.
    let position: SourcePosition
    /// Whether the difference is under a member whose name marks a secret: its values are never
    /// shown.
    var secret = false

    /// Every difference of a value from a stated one, outermost first, keys in the stated order
    /// and then the keys only the value has; arrays element by element, then the elements only one
    /// side has. A key named twice in the value counts once, with its last value, as JavaScript,
    /// Python, Jackson and serde read it. A member whose name `secret` marks is stated by presence
    /// when the statement writes `true`: any value there matches.
    /// - Parameters:
    ///   - stated: The value stated.
    ///   - position: Where the statement writes it.
    ///   - found: The value to compare.
    ///   - path: The path so far.
    ///   - secret: Whether a member's name marks its value a secret; none by default.
    ///   - byPresence: Whether a secret member takes any value whatever the statement writes
    ///     (`serve` answers the app's own key); otherwise only one stated `true` does.
    /// - Returns: The differences; none when the values are equivalent.
    static func all(
        stated: JSONValue, at position: SourcePosition, found: JSONValue, path: String = "",
        secret: (String) -> Bool = { _ in false }, byPresence: Bool = false
    ) -> [JSONDifference] {
        compare(
            stated: stated, at: position, found: found, path: path, under: false, secret: secret,
            byPresence: byPresence)
    }

    private static func compare(
        stated: JSONValue, at position: SourcePosition, found: JSONValue, path: String, under: Bool,
        secret: (String) -> Bool, byPresence: Bool
    ) -> [JSONDifference] {
        switch (stated, found) {
        case (.object(let want), .object(let got)):
            var differences: [JSONDifference] = []
            for member in want {
                let child = CodingPath.appending(.key(member.key), to: path)
                let hidden = under || secret(member.key)
                guard let value = got.last(where: { $0.key == member.key }) else {
                    differences.append(
                        make(
                            path: child, expected: member.value.value, found: nil, position: member.value.position,
                            hidden: hidden, secret: secret))
                    continue
                }
                if !under, secret(member.key), byPresence || member.value.value == .bool(true) { continue }
                differences += compare(
                    stated: member.value.value, at: member.value.position, found: value.value.value, path: child,
                    under: hidden, secret: secret, byPresence: byPresence)
            }
            var named: Set<String> = []
            for extra in got where !want.contains(where: { $0.key == extra.key }) && named.insert(extra.key).inserted {
                differences.append(
                    make(
                        path: CodingPath.appending(.key(extra.key), to: path), expected: nil,
                        found: got.last { $0.key == extra.key }?.value.value, position: position,
                        hidden: under || secret(extra.key), secret: secret))
            }
            return differences
        case (.array(let want), .array(let got)):
            let common = min(want.count, got.count)
            let compared = (0..<common).flatMap { index in
                compare(
                    stated: want[index].value, at: want[index].position, found: got[index].value,
                    path: CodingPath.appending(.index(index), to: path), under: under, secret: secret,
                    byPresence: byPresence)
            }
            let missing = want.indices.dropFirst(common).map { index in
                make(
                    path: CodingPath.appending(.index(index), to: path), expected: want[index].value, found: nil,
                    position: want[index].position, hidden: under, secret: secret)
            }
            let extra = got.indices.dropFirst(common).map { index in
                make(
                    path: CodingPath.appending(.index(index), to: path), expected: nil, found: got[index].value,
                    position: position, hidden: under, secret: secret)
            }
            return compared + missing + extra
        default:
            return stated.isEquivalent(to: found)
                ? []
                : [
                    make(
                        path: path, expected: stated, found: found, position: position, hidden: under, secret: secret)
                ]
        }
    }

    /// A difference whose values hold no secret: `true` in place of every member `secret` marks.
    private static func make(
        path: String, expected: JSONValue?, found: JSONValue?, position: SourcePosition, hidden: Bool,
        secret: (String) -> Bool
    ) -> JSONDifference {
        JSONDifference(
            path: path, expected: expected?.redacting(where: secret), found: found?.redacting(where: secret),
            position: position, secret: hidden)
    }

    /// The stated value as a message shows it: `nil` for none, and a secret's value never.
    var shownExpected: String? {
        guard let expected else { return nil }
        return secret ? "a value" : JSONDifference.shown(expected)
    }

    /// The value found as a message shows it: `nil` for none, and a secret's value never.
    var shownFound: String? {
        guard let found else { return nil }
        return secret ? "another value" : JSONDifference.shown(found)
    }

    /// A value as a message quotes it: its JSON, cut short when long.
    static func shown(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
