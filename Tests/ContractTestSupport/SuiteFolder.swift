import Foundation

/// A temporary folder holding a suite (`contracts/`, `Fixtures/`), removed when the test ends.
package struct SuiteFolder: ~Copyable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dogpatch-contracts-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a file, creating its folders.
    package func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, Data(text.utf8))
    }

    package func write(_ relativePath: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    package func read(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url.appendingPathComponent(relativePath))
    }

    /// Runs the built `dogpatch-contracts` in this folder, or in a folder below it: the way
    /// end-to-end tests run the tool (`shell` for redirections a process cannot make,
    /// `runInProcess` for a catalogue of the test's own, all giving a `ToolRun`).
    package func run(_ arguments: [String], from subfolder: String? = nil, environment: [String: String] = [:]) throws
        -> ToolRun
    {
        try ToolRun.execute(
            arguments, in: subfolder.map { url.appendingPathComponent($0) } ?? url, environment: environment)
    }

    /// Runs a `/bin/sh` script in this folder; `"$TOOL"` is the built `dogpatch-contracts`.
    package func shell(_ script: String) throws -> ToolRun {
        try ToolRun.shell(script, in: url)
    }

    /// Whether a path is a symlink.
    package func isSymlink(_ relativePath: String) -> Bool {
        var info = stat()
        return lstat(url.appendingPathComponent(relativePath).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}

/// What one run of the executable printed and returned.
package struct ToolRun {
    package let status: Int32
    /// Standard output, with the run's duration left out of the summary line (`... 0 skipped in
    /// 1.2 s` reads `... 0 skipped`), so that tests compare it byte for byte.
    package let stdout: String
    package let stderr: String
    /// How long the run said it took, as its summary line ends (` in 1.2 s`); `nil` when it said not.
    package let duration: String?

    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stderr = stderr
        (self.stdout, duration) = Self.withoutDuration(stdout)
    }

    /// Output with the run's duration left out of its summary line (the last line that counts
    /// the skipped cases), and that duration.
    /// - Parameter text: The output, or both streams as a terminal shows them.
    /// - Returns: The output without ` in 1.2 s`, and ` in 1.2 s`, if the summary had it.
    package static func withoutDuration(_ text: String) -> (text: String, duration: String?) {
        var duration: String?
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.reversed() where lines[index].contains(" skipped") {
            if let found = lines[index].firstMatch(of: #/ in \d+\.\d s$/#) {
                duration = String(found.output)
                lines[index].removeSubrange(found.range)
            }
            break
        }
        return (lines.joined(separator: "\n"), duration)
    }

    /// The built executable, beside the test bundle.
    package static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("dogpatch-contracts")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Repository.root.appendingPathComponent(".build/debug/dogpatch-contracts")
    }()

    /// Runs a `/bin/sh` script in a folder, with the built tool's path in `$TOOL`: for redirections
    /// the Process API cannot make, such as a closed standard output.
    package static func shell(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> ToolRun {
        try execute(
            ["-c", script], in: folder, environment: environment.merging(["TOOL": executable.path]) { $1 },
            program: URL(fileURLWithPath: "/bin/sh"))
    }

    package static func execute(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], program: URL = executable
    ) throws -> ToolRun {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a large report cannot fill a pipe and stall.
        let errData = ReadAll(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self)
        )
    }

    /// The stdout lines for a status, such as the names of the failed cases.
    package func cases(_ label: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.hasPrefix(label) }.map { String($0) }
    }
}

/// Reads a pipe to its end on another thread.
private final class ReadAll: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
