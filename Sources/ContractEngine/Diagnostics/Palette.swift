/// Terminal colours, through one function that gives "" when colour is off.
struct Palette: Sendable {
    enum Color: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case bold = "1"
        case dim = "2"
        case reset = "0"
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
