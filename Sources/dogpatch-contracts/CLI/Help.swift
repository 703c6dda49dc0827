import ContractEngine

/// The tool's own help and version; each command's help comes from its table of options.
enum Help {
    static let version = "0.3.0"

    /// `dogpatch-contracts --help`: one line a command, from the commands' own tables.
    static var main: String {
        var out = "dogpatch-contracts: contract tests for the DogPatch and restcountries clients\n\nUSAGE:\n"
        for command in Tool.commands {
            let (synopsis, summary) = command.usageLine
            out += entry("dogpatch-contracts \(synopsis)", summary, column: 52)
        }
        out +=
            "  dogpatch-contracts --help | --version\n\nRun 'dogpatch-contracts COMMAND --help' for a command's options.\n\n"
        return out
    }

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
