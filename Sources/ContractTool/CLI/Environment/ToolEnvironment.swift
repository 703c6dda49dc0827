import ContractEngine
import Foundation

/// What the tool needs from the process it runs in, so tests can run it in memory.
struct ToolEnvironment: Sendable {
    /// The folder relative paths start from.
    var currentDirectory: URL {
        didSet { location = SuiteLocation(currentDirectory: currentDirectory) }
    }
    /// Environment variables, such as `NO_COLOR`.
    var variables: [String: String]
    /// Whether standard output is a terminal.
    var stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    var stderrIsTerminal: Bool
    /// The temporary files the run has not yet renamed into place, for a signal handler to remove.
    var temporaryFiles: SuiteWriter.TemporaryFiles
    /// SIGINT and SIGTERM, for a command that runs until stopped (`serve`) and ends cleanly on them.
    var interruption = Interruption()

    /// Creates an environment.
    /// - Parameters:
    ///   - currentDirectory: The folder relative paths start from.
    ///   - variables: Environment variables.
    ///   - stdoutIsTerminal: Whether standard output is a terminal.
    ///   - stderrIsTerminal: Whether standard error is a terminal.
    ///   - temporaryFiles: Where the run lists its temporary files.
    init(
        currentDirectory: URL, variables: [String: String], stdoutIsTerminal: Bool, stderrIsTerminal: Bool,
        temporaryFiles: SuiteWriter.TemporaryFiles = SuiteWriter.TemporaryFiles()
    ) {
        self.currentDirectory = currentDirectory
        location = SuiteLocation(currentDirectory: currentDirectory)
        self.variables = variables
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.temporaryFiles = temporaryFiles
    }

    /// The folder the process runs in and the suite around it, found once (the search for the
    /// root looks at every folder upwards).
    private(set) var location: SuiteLocation

    /// The environment of the current process.
    static var process: ToolEnvironment {
        ToolEnvironment(
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            variables: ProcessInfo.processInfo.environment,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1
        )
    }
}
