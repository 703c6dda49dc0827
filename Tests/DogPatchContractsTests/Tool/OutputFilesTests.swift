import ContractTestSupport
import Foundation
import Testing

/// Where results go: standard streams that fail, and report files that are links, FIFOs, streams
/// or in folders that cannot be written.
@Suite("writing results, end to end")
struct OutputFilesTests {
    @Test("a full standard output ends the run with exit 2 and one line on standard error")
    func fullStandardOutput() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.shell(#""$TOOL" verify > /dev/full"#)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot write to standard output: no space left on device\n")
    }

    @Test("a closed standard output ends the run with exit 2 and no file takes its place")
    func closedStandardOutput() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.shell(#""$TOOL" verify --junit report.xml >&-"#)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot write to standard output: it is closed\n")
        let report = String(decoding: try folder.read("report.xml"), as: UTF8.self)
        #expect(report.hasPrefix("<?xml"), "the text report must not land in the JUnit file")
    }

    @Test("a closed standard error still gives exit 2")
    func closedStandardError() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("contracts/bad.json", "{")
        let run = try folder.shell(#""$TOOL" verify 2>&-"#)
        #expect(run.status == 2)
        #expect(run.stdout.contains("ERROR contracts/bad.json"))
    }

    @Test("a report aimed at a symlink is written through it and the link stays", arguments: ["--junit", "--json"])
    func reportThroughSymlink(option: String) async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("reports/real.out", "stale")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("link.out").path, withDestinationPath: "reports/real.out")
        let run = await folder.runInProcess(["verify", option, "link.out"])
        #expect(run.status == 0, "\(run.stderr)")
        let stillLink = folder.isSymlink("link.out")
        #expect(stillLink)
        let written = String(decoding: try folder.read("reports/real.out"), as: UTF8.self)
        #expect(written.hasPrefix(option == "--junit" ? "<?xml" : "{"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("reports").path) == [
                "real.out"
            ])
    }

    @Test("a report aimed at /dev/stdout goes to standard output and leaves the node alone")
    func reportToStandardOutput() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        // The built tool, in a process: /dev/stdout is the process's own standard output.
        let run = try folder.run(["verify", "--json", "/dev/stdout"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("PASS "))
        #expect(run.stdout.contains("4 passed, 0 failed, 0 errors, 0 skipped\n{"))
        var info = stat()
        #expect(lstat("/dev/stdout", &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test("a report aimed at a FIFO is written into it")
    func reportIntoFIFO() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let fifo = folder.url.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading, so the tool's open for writing does not wait for a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let run = await folder.runInProcess(["verify", "--junit", "report.fifo"])
        #expect(run.status == 0, "\(run.stderr)")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self).hasPrefix("<?xml"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test("a report in a folder that cannot be written exits 2 naming the path and the reason, touching nothing")
    func reportInReadOnlyFolder() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let locked = folder.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o555)
        defer { chmod(locked.path, 0o755) }
        // Root may write anywhere it can chmod; /proc refuses new files to root as well.
        let target = access(locked.path, W_OK) == 0 ? "/proc/dogpatch-report.xml" : "locked/report.xml"
        let run = await folder.runInProcess(["verify", "--junit", target])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: cannot write the junit report to \"\(target)\": "), "\(run.stderr)")
        #expect(run.stdout.contains("4 passed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
    }
}
