import ContractEngine

/// The tool's version and the layout of its help tables; each command's help comes from its table
/// of options, and the tool's own help (`Help+Tool.swift`) from its commands'.
enum Help {
    static let version = "0.3.0"

    /// One line of a help table: the name padded to a column, then the help, continued beneath it.
    static func entry(_ name: String, _ help: String, column: Int = 28) -> String {
        let lead = "  " + name
        let padding =
            lead.count < column
            ? String(repeating: " ", count: column - lead.count) : "\n" + String(repeating: " ", count: column)
        return lead + padding + help.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: column))
            + "\n"
    }
}
