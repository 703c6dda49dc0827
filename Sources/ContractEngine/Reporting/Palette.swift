/// Terminal colours, through one function that gives "" when colour is off.
struct Palette: Sendable {
    enum Color: String {
        case red = "31", green = "32", yellow = "33", bold = "1", dim = "2", reset = "0"
    }

    let enabled: Bool

    /// The escape sequence for a colour, or "" when colour is off.
    func callAsFunction(_ color: Color) -> String {
        enabled ? "\u{1B}[\(color.rawValue)m" : ""
    }

    func paint(_ text: String, _ color: Color) -> String {
        "\(self(color))\(text)\(self(.reset))"
    }
}
