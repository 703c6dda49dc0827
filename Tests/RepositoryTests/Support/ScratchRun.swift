import ContractEngine
import Foundation
import HTTPStub

/// A program run to its end without holding a thread of the test runner: its standard output and
/// error as one text, and a deadline after which it is interrupted (and killed if it goes on).
struct ScratchRun: Sendable {
    /// The exit status.
    let status: Int32
    /// Standard output and standard error, interleaved as written.
    let output: String
    /// Whether the deadline passed first.
    let timedOut: Bool

    /// Runs a program in a folder.
    /// - Parameters:
    ///   - program: The executable.
    ///   - arguments: Its arguments.
    ///   - folder: Where it runs.
    ///   - log: A file to collect its output in.
    ///   - timeout: The deadline, in seconds.
    /// - Returns: How it ended.
    /// - Throws: What starting the process throws.
    static func run(
        _ program: URL, _ arguments: [String], in folder: URL, log: URL, timeout: TimeInterval
    ) async throws -> ScratchRun {
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let ended = Locked(false)
        let late = Locked(false)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                ended.withLock { $0 = true }
                continuation.resume(returning: finished.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            // SwiftPM stops the compilers it started on SIGINT; SIGKILL only if it does not stop.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                guard ended.withLock({ !$0 }) else { return }
                late.withLock { $0 = true }
                kill(pid, SIGINT)
                DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
                    if ended.withLock({ !$0 }) { kill(pid, SIGKILL) }
                }
            }
        }
        let output = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
        return ScratchRun(status: status, output: output, timedOut: late.withLock { $0 })
    }

    /// The executable a name finds on `PATH`, as a shell would find it.
    /// - Parameter name: The program's name.
    /// - Returns: Its URL, or `nil` when no folder of `PATH` holds it.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
