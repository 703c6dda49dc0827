import ContractCatalogue
import ContractEngine
import Foundation

/// The contract tool's whole command line (every command, its help, output, exit statuses and
/// signals) over a catalogue of endpoints: an app's own tool is an executable target whose
/// `main.swift` is three lines:
///
/// ```swift
/// import ContractTool
/// import TodoCatalogue  // where the app's `Catalogue.todos` lives
/// await ContractTool.main(catalogue: .todos)
/// ```
///
/// `swift run NAME verify` (and every other command) then behaves as `dogpatch-contracts verify`
/// does, on the app's endpoints, with the target's name in help and messages.
public enum ContractTool {
    /// Runs the command line on the process's arguments, folder, environment and streams, and
    /// exits with the run's status. Terminating signals remove the run's temporary files first.
    /// - Parameters:
    ///   - catalogue: The endpoints and models the app's contracts may name; made once the standard
    ///     streams are checked, so nothing it opens can take the place of a closed one.
    ///   - name: The tool's name in help and messages; the executable's file name by default.
    ///   - about: What the tool checks, for the first line of its help; by default it names the
    ///     catalogue's APIs.
    ///   - consumer: The consumer `export pact` names by default; by default the package's name
    ///     (`Package.swift` at the suite's root), else the root folder's name.
    ///
    /// Main-actor isolated, as a program's top-level code and `@main` are, so the standard streams
    /// are checked before the first suspension: the runtime's first descriptors (the main queue's
    /// event) must not take the place of a stream closed before the tool started.
    @MainActor
    public static func main(
        catalogue: @autoclosure @Sendable () -> Catalogue, name: String? = nil, about: String? = nil,
        consumer: String? = nil
    ) async -> Never {
        let output = ProcessOutput()
        let catalogue = catalogue()
        let environment = ToolEnvironment.process
        SignalCleanup.install(removing: environment.temporaryFiles, interruption: environment.interruption)
        let programName = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }
        let tool = ToolIdentity(
            name: name ?? programName ?? "contracts", about: about, consumer: consumer,
            catalogue: catalogue)
        let code = await Tool.run(
            arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, output: output, tool: tool)
        exit(output.finish(code).rawValue)
    }

    /// Runs the command line in this process, for a test: the same output and exit status as the
    /// built tool, written through two functions instead of the process's streams.
    /// - Parameters:
    ///   - arguments: The arguments after the program name, such as `["verify", "--strict"]`.
    ///   - catalogue: The endpoints and models the contracts may name.
    ///   - name: The tool's name in help and messages.
    ///   - currentDirectory: The folder relative paths start from; the process's by default.
    ///   - variables: The environment variables the tool reads (`NO_COLOR`, `GITHUB_STEP_SUMMARY`, ...).
    ///   - standardOutput: Receives the results.
    ///   - standardError: Receives the diagnostics.
    /// - Returns: The exit status: 0 every case passed or was skipped, 1 a case failed, 2 the suite
    ///   is invalid or the arguments are wrong.
    public static func run(
        arguments: [String], catalogue: Catalogue, name: String = "contracts",
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        variables: [String: String] = [:],
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        let environment = ToolEnvironment(
            currentDirectory: currentDirectory, variables: variables, stdoutIsTerminal: false, stderrIsTerminal: false)
        let output = FunctionOutput(out: standardOutput, err: standardError)
        let tool = ToolIdentity(name: name, catalogue: catalogue)
        return await Tool.run(arguments: arguments, environment: environment, output: output, tool: tool).rawValue
    }
}

/// Output through two functions, for `ContractTool.run`.
private struct FunctionOutput: ToolOutput {
    let out: @Sendable (String) -> Void
    let err: @Sendable (String) -> Void

    func standardOutput(_ text: String) { out(text) }
    func standardError(_ text: String) { err(text) }
}
