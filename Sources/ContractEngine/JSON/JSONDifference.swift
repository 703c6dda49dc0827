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

    /// Every difference of a value from a stated one, outermost first, keys in the stated order
    /// and then the keys only the value has; arrays element by element, then the elements only one
    /// side has.
    /// - Parameters:
    ///   - stated: The value stated.
    ///   - position: Where the statement writes it.
    ///   - found: The value to compare.
    ///   - path: The path so far.
    /// - Returns: The differences; none when the values are equivalent.
    static func all(stated: JSONValue, at position: SourcePosition, found: JSONValue, path: String = "")
        -> [JSONDifference]
    {
        switch (stated, found) {
        case (.object(let want), .object(let got)):
            var differences: [JSONDifference] = []
            for member in want {
                let child = CodingPath.appending(.key(member.key), to: path)
                guard let value = got.first(where: { $0.key == member.key }) else {
                    differences.append(
                        JSONDifference(
                            path: child, expected: member.value.value, found: nil, position: member.value.position))
                    continue
                }
                differences += all(
                    stated: member.value.value, at: member.value.position, found: value.value.value, path: child)
            }
            for extra in got where !want.contains(where: { $0.key == extra.key }) {
                differences.append(
                    JSONDifference(
                        path: CodingPath.appending(.key(extra.key), to: path), expected: nil, found: extra.value.value,
                        position: position))
            }
            return differences
        case (.array(let want), .array(let got)):
            let common = min(want.count, got.count)
            let compared = (0..<common).flatMap { index in
                all(
                    stated: want[index].value, at: want[index].position, found: got[index].value,
                    path: CodingPath.appending(.index(index), to: path))
            }
            let missing = want.indices.dropFirst(common).map { index in
                JSONDifference(
                    path: CodingPath.appending(.index(index), to: path), expected: want[index].value, found: nil,
                    position: want[index].position)
            }
            let extra = got.indices.dropFirst(common).map { index in
                JSONDifference(
                    path: CodingPath.appending(.index(index), to: path), expected: nil, found: got[index].value,
                    position: position)
            }
            return compared + missing + extra
        default:
            return stated.isEquivalent(to: found)
                ? [] : [JSONDifference(path: path, expected: stated, found: found, position: position)]
        }
    }

    /// A value as a message quotes it: its JSON, cut short when long.
    static func shown(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
