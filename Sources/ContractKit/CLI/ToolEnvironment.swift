import Foundation

/// What the tool needs from the process it runs in, so tests can run it in memory.
public struct ToolEnvironment: Sendable {
    /// The folder relative paths start from.
    public var currentDirectory: URL
    /// Environment variables, such as `NO_COLOR`.
    public var variables: [String: String]
    /// Whether standard output is a terminal.
    public var stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    public var stderrIsTerminal: Bool

    /// Creates an environment.
    /// - Parameters:
    ///   - currentDirectory: The folder relative paths start from.
    ///   - variables: Environment variables.
    ///   - stdoutIsTerminal: Whether standard output is a terminal.
    ///   - stderrIsTerminal: Whether standard error is a terminal.
    public init(currentDirectory: URL, variables: [String: String], stdoutIsTerminal: Bool, stderrIsTerminal: Bool) {
        self.currentDirectory = currentDirectory
        self.variables = variables
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The environment of the current process.
    public static var process: ToolEnvironment {
        ToolEnvironment(
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            variables: ProcessInfo.processInfo.environment,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1
        )
    }
}

/// Where the tool writes; writes are serialised so parallel work never interleaves.
public protocol ToolOutput: Sendable {
    /// Writes text to standard output.
    /// - Parameter text: The text.
    func standardOutput(_ text: String)
    /// Writes text to standard error.
    /// - Parameter text: The text.
    func standardError(_ text: String)
}

/// Writes to the process's standard output and standard error.
public struct ProcessOutput: ToolOutput {
    private static let lock = NSLock()

    /// Creates the process's output.
    public init() {}

    /// Writes text to standard output.
    /// - Parameter text: The text.
    public func standardOutput(_ text: String) { Self.write(text, to: .standardOutput) }

    /// Writes text to standard error.
    /// - Parameter text: The text.
    public func standardError(_ text: String) { Self.write(text, to: .standardError) }

    private static func write(_ text: String, to handle: FileHandle) {
        lock.withLock { handle.write(Data(text.utf8)) }
    }
}

/// The tool's exit status.
public enum ExitCode: Int32, Sendable {
    /// Every case passed or was skipped.
    case success = 0
    /// A case failed.
    case failure = 1
    /// The suite is invalid or the arguments are wrong.
    case invalid = 2
}
