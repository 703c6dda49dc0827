import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command as a child process and measures its wall time and peak resident memory.
struct Measurement {
    let seconds: Double
    let peakMemoryMB: Double
    let status: Int32
    let output: String
}

enum ChildProcess {
    /// Measures a command through `dogpatch-bench child`, a small process that starts the command
    /// itself: on Linux a child's peak memory includes its parent's at the time it was started, so
    /// the benchmark's own memory must not be that parent.
    static func measure(_ executable: String, _ arguments: [String], in folder: URL) throws -> Measurement {
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).path
        let report = try spawn(bench, ["child", executable] + arguments, in: folder)
        let fields = report.output.split(separator: "\n").first?.split(separator: " ") ?? []
        guard fields.count == 3, let seconds = Double(fields[0]), let peak = Double(fields[1]),
            let status = Int32(fields[2])
        else {
            throw BenchError("cannot measure \(executable): \(report.output)")
        }
        return Measurement(seconds: seconds, peakMemoryMB: peak, status: status, output: report.childOutput)
    }

    /// Runs as `dogpatch-bench child EXECUTABLE ARGS...`: starts the command, waits, and prints
    /// `SECONDS PEAK_MB STATUS` followed by the command's standard output.
    static func runChild(_ arguments: [String]) throws {
        guard let executable = arguments.first else { throw BenchError("child needs a command") }
        let result = try spawn(
            executable, Array(arguments.dropFirst()), in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        print(String(format: "%.6f %.1f %d", result.seconds, result.peakMemoryMB, result.status))
        print(result.output, terminator: "")
    }

    private struct Spawned {
        let seconds: Double
        let peakMemoryMB: Double
        let status: Int32
        let output: String
        /// The output after the first line, for reports from `child`.
        var childOutput: String {
            output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map(
                String.init) ?? ""
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String], in folder: URL) throws -> Spawned {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dogpatch-bench-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        // An opaque pointer on Darwin, a struct in Glibc.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let previous = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(folder.path) else {
            throw BenchError("cannot enter \(folder.path)")
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The environment as C strings: Darwin gives a program no `environ` of its own to pass.
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #if os(Linux)
            let peak = Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
        #else
            let peak = Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
        #endif
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        return Spawned(seconds: seconds, peakMemoryMB: peak, status: (status >> 8) & 0xFF, output: output)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
