import ContractEngine
import ContractTestSupport
import DogPatchClients
import Foundation

@testable import ContractTool

/// Collects what the tool writes, for in-process runs.
final class CapturedOutput: ToolOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private var both = ""

    func standardOutput(_ text: String) {
        lock.withLock {
            out += text
            both += text
        }
    }
    func standardError(_ text: String) {
        lock.withLock {
            err += text
            both += text
        }
    }

    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }
    /// Both streams in the order they were written, as a terminal shows them.
    var terminal: String { lock.withLock { both } }
}

extension SuiteFolder {
    /// Runs the tool in this process with a catalogue of the test's choosing (clients that are
    /// wrong on purpose), giving the same `ToolRun` as a run of the built executable.
    func runInProcess(
        _ arguments: [String], catalogue: Catalogue = .standard, output: CapturedOutput = CapturedOutput()
    )
        async -> ToolRun
    {
        let environment = ToolEnvironment(
            currentDirectory: url, variables: [:], stdoutIsTerminal: false, stderrIsTerminal: false)
        let code = await Tool.run(
            arguments: arguments, environment: environment, output: output, tool: .builtIn(catalogue))
        return ToolRun(status: code.rawValue, stdout: output.stdout, stderr: output.stderr)
    }
}

extension ToolRun {
    /// The exit status as the tool names it.
    var code: ExitCode? { ExitCode(rawValue: status) }
}

extension ToolIdentity {
    /// The built-in tool's identity, as `dogpatch-contracts` has it, over a catalogue.
    static func builtIn(_ catalogue: Catalogue = .standard) -> ToolIdentity {
        ToolIdentity(
            name: "dogpatch-contracts", about: "contract tests for the DogPatch and restcountries clients",
            consumer: "dogpatch-app", catalogue: catalogue)
    }
}
