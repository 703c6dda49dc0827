/// The tool's own help sits with the tool, which knows its commands: parsing names no command.
extension Help {
    /// `TOOL --help`: each command's synopsis and summary, from the commands' own tables.
    /// - Parameter tool: The tool's name and catalogue.
    /// - Returns: The help.
    static func main(_ tool: ToolIdentity) -> String {
        var out = "\(tool.name): \(tool.about)\n\nUSAGE:\n"
        for command in Tool.commands {
            let (synopsis, summary) = command.usageLine
            // The summary goes beneath its synopsis, where it has the width of the line.
            out += entry("\(tool.name) \(synopsis)", tool.words(summary), column: 6)
        }
        out += "  \(tool.name) --help | --version\n\nRun '\(tool.name) COMMAND --help' for a command's options.\n\n"
        return out
    }
}
