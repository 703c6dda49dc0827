/// Text from the user's files made safe to print: a case name holding a newline must not break a
/// report's lines, and one holding ESC must not colour a terminal.
enum VisibleText {
    /// The text with every control character written as an escape: `\n`, `\r`, `\t`, `\u001b`.
    /// - Parameter text: The text.
    /// - Returns: The text, unchanged when it holds no control character.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
