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
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1, let head = words.first else { return key }
        let joined = words.dropFirst().reduce(head.lowercased()) { $0 + $1.capitalized }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}
