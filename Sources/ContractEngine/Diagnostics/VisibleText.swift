import ContractCatalogue

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
            case _ where isControl(scalar): CodingPath.unicodeEscape(scalar)
            default: nil
            }
        }
    }

    /// Rewrites text scalar by scalar with the tool's one escaping loop (`CodingPath.rewriting`).
    static func rewriting(_ text: String, _ rule: (Unicode.Scalar) -> String?) -> String {
        CodingPath.rewriting(text, rule)
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
