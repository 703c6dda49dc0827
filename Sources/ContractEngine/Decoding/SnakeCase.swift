import Foundation

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`'s conversion, which Foundation keeps to
/// itself: `user_id` to `userId`.
enum SnakeCase {
    /// Converts a snake-case key as `JSONDecoder` does: the underscores at either end kept, the
    /// words between them joined, the first lowercased and the others capitalised (`HELLO_WORLD`
    /// to `helloWorld`, `_a_b_` to `_aB_`, `a__b` to `aB`); a key with one word is kept as it is.
    /// - Parameter key: The key as the JSON writes it.
    /// - Returns: The key the model asks for.
    static func camelCase(_ key: String) -> String {
        // Most keys of most bodies have no underscore: they are kept without a look at their characters.
        guard key.utf8.contains(UInt8(ascii: "_")), let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1, let head = words.first else { return key }
        let joined = words.dropFirst().reduce(head.lowercased()) { $0 + $1.capitalized }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// The snake-case form of a model's key (`issuedAt` to `issued_at`, `myURL` to `my_url`), as
    /// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` writes it, to name a key a body lacks.
    /// - Parameter key: The model's key.
    /// - Returns: The key in snake case, or `nil` when no such form converts back to it (`userID`).
    static func snakeCase(_ key: String) -> String? {
        let result = words(key).joined(separator: "_")
        return camelCase(result) == key ? result : nil
    }

    /// A model's key cut into lowercased words where `convertToSnakeCase` puts an underscore
    /// (`issuedAt` to `issued`, `at`; `myURL` to `my`, `url`), for a strategy's other spellings.
    /// - Parameter key: The model's key.
    /// - Returns: Its words, at least one.
    static func words(_ key: String) -> [String] {
        let characters = Array(key)
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A word starts at a capital after a small letter or a digit, or at the last
                // capital of an acronym that a small letter follows (`URLProperty`).
                if (!previous.isUppercase && previous != "_") || next?.isLowercase == true {
                    words.append(word)
                    word = ""
                }
            }
            word += character.lowercased()
        }
        return words + [word]
    }
}
