import Foundation
import ContractKit
import DogPatchClients

/// Collects what the tool writes, for in-process runs.
final class CapturedOutput: ToolOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func standardOutput(_ text: String) { lock.withLock { out += text } }
    func standardError(_ text: String) { lock.withLock { err += text } }

    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }
}

extension SuiteFolder {
    /// Runs the tool in this process with a catalogue of the test's choosing.
    func runInProcess(_ arguments: [String], catalogue: Catalogue) async -> (ExitCode, CapturedOutput) {
        let output = CapturedOutput()
        let environment = ToolEnvironment(currentDirectory: url, variables: [:], stdoutIsTerminal: false, stderrIsTerminal: false)
        let code = await Tool.run(arguments: arguments, environment: environment, output: output, catalogue: catalogue)
        return (code, output)
    }
}
