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
    /// Runs the tool in this process, as `dogpatch-contracts` over the catalogue of the test's
    /// choosing (by default the built tool's, or clients that are wrong on purpose), giving the
    /// same `ToolRun` as `run`, which launches the built executable. Launching it is kept for what
    /// only a process shows (a crash, a signal, a closed stream, a lock between processes); the
    /// rest runs here, without a process's start-up of tens of milliseconds each.
    /// - Parameters:
    ///   - arguments: The command line, without the program's name.
    ///   - subfolder: The folder below this one to run in, as `run(_:from:)` takes it.
    ///   - environment: The variables the tool sees (none else, so a CI runner's own never reach it).
    ///   - catalogue: The endpoints.
    ///   - output: Where the output is collected.
    /// - Returns: What the run printed and its exit status.
    func runInProcess(
        _ arguments: [String], from subfolder: String? = nil, environment: [String: String] = [:],
        catalogue: Catalogue = .standard, output: CapturedOutput = CapturedOutput()
    )
        async -> ToolRun
    {
        let environment = ToolEnvironment(
            currentDirectory: subfolder.map { url.appendingPathComponent($0) } ?? url, variables: environment,
            stdoutIsTerminal: false, stderrIsTerminal: false)
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
