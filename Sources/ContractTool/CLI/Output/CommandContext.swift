import ContractCatalogue
import ContractEngine
import Foundation

/// What a command runs with.
struct CommandContext: Sendable {
    /// The process's folder, variables and terminals.
    let environment: ToolEnvironment
    /// Where results go. Problems do not: commands return them, and the tool reports them.
    let output: any ToolOutput
    /// The tool's name, and the endpoints and models contracts may name.
    let tool: ToolIdentity

    /// The endpoints and models contracts may name.
    var catalogue: Catalogue { tool.catalogue }

    /// Writes results to standard output.
    func results(_ text: String) {
        output.standardOutput(text)
    }

    /// The suite's one writer, which says on standard error when it waits for another process.
    /// - Parameter root: The suite's root.
    func writer(root: URL) -> SuiteWriter {
        let output = output
        let name = tool.name
        return SuiteWriter(root: root, temporaries: environment.temporaryFiles) {
            output.standardError("waiting for the suite's lock: another \(name) is writing to \(root.path)\n")
        }
    }
}
