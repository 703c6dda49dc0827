import ContractTestSupport
import Foundation

/// The built tool running in the background: its standard error read as it comes, so a test can
/// wait for a line (never for a time) and then signal the process.
final class RunningTool {
    private let process = Process()
    private let errors = Pipe()
    private var seen = Data()
    private let ended = DispatchSemaphore(value: 0)

    init(_ arguments: [String], in folder: URL) throws {
        process.executableURL = ToolRun.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let ended = ended
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
    }

    /// Reads standard error until it holds a text, or ends.
    /// - Returns: Whether the text came.
    func waitForStandardError(containing text: String) -> Bool {
        while !String(decoding: seen, as: UTF8.self).contains(text) {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { return false }
            seen.append(chunk)
        }
        return true
    }

    /// Sends a signal.
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to end.
    /// - Returns: How it ended: its exit status, or the signal that ended it.
    func wait() -> (status: Int32, signalled: Bool) {
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// Waits for the process to end, and kills it when it has not after a deadline: a process that
    /// ignores what it was sent fails the test instead of hanging it.
    /// - Parameter seconds: The deadline.
    /// - Returns: How it ended, or `nil` when it had to be killed.
    func wait(killingAfter seconds: Double) -> (status: Int32, signalled: Bool)? {
        guard ended.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return wait()
    }
}

/// Holds a suite's lock (an exclusive `flock` on its root folder, as the tool takes it) until released.
final class HeldSuiteLock {
    private let descriptor: Int32

    init(_ root: URL) {
        descriptor = open(root.path, O_RDONLY)
        flock(descriptor, LOCK_EX)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
