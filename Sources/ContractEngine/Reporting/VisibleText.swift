/// Text from the user's files made safe to print: a case name holding a newline must not break a
/// report's lines, and one holding ESC must not colour a terminal.
enum VisibleText {
    /// The text with every control character written as an escape: `\n`, `\r`, `\t`, `\u001b`.
    /// - Parameter text: The text.
    /// - Returns: The text, unchanged when it holds no control character.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return rewriting(text) { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where isControl(scalar):
                "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: nil
            }
        }
    }

    /// The one escaping loop of the report writers (text, XML, Markdown): every scalar the rule
    /// gives a replacement for is replaced, the others kept.
    /// - Parameters:
    ///   - text: The text.
    ///   - rule: The replacement for a scalar, or `nil` to keep it.
    /// - Returns: The rewritten text.
    static func rewriting(_ text: String, _ rule: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = rule(scalar) {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
