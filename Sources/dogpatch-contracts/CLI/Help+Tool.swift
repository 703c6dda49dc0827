/// The tool's own help sits with the tool, which knows its commands: parsing names no command.
extension Help {
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
}
