import ContractTestSupport
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `SuiteWriter` on its own: what `add`, `record` and `mutate --update` promise about the files
/// they write — all of them or none, nothing rewritten that would not change, one writer at a time,
/// and no temporary file left beside a fixture.
@Suite("suite writer")
struct SuiteWriterTests {
    /// A writer of the folder's suite, with its own list of temporary files.
    private static func writer(_ folder: borrowing SuiteFolder, temporaries: SuiteWriter.TemporaryFiles = .init())
        -> SuiteWriter
    {
        SuiteWriter(root: folder.url, temporaries: temporaries, waiting: {})
    }

    /// Every file under a folder whose name says it is one of the writer's temporary files.
    private static func temporaryFiles(under url: URL) -> [String] {
        let names = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".tmp") }
    }

    @Test("a second write blocked by a file in place of its folder leaves the first file as it was")
    func blockedFolderWritesNothing() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/dogs.json", "old contract")
        try folder.write("Fixtures/blocker", "a file where a folder is needed")
        var changes = FileChanges()
        changes.write(
            Data("new contract".utf8), to: folder.url.appendingPathComponent("contracts/dogs.json"),
            display: "contracts/dogs.json")
        changes.write(
            Data("{}".utf8), to: folder.url.appendingPathComponent("Fixtures/blocker/dog.json"),
            display: "Fixtures/blocker/dog.json")
        let temporaries = SuiteWriter.TemporaryFiles()
        let error = #expect(throws: FileWriteError.self) {
            try Self.writer(folder, temporaries: temporaries).write(changes)
        }
        #expect(error?.path == "Fixtures/blocker/dog.json")
        #expect(error?.reason.hasSuffix("/Fixtures/blocker\" is a file, not a folder") == true)
        #expect(String(decoding: try folder.read("contracts/dogs.json"), as: UTF8.self) == "old contract")
        #expect(Self.temporaryFiles(under: folder.url).isEmpty)
        #expect(temporaries.paths.isEmpty)
    }

    @Test("a second write that fails once the first is staged removes the staged file and the folders made for it")
    func failureAfterStagingWritesNothing() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/dogs.json", "old contract")
        // A folder where the fixture should be: found only when that file is staged, after the first.
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Fixtures/dog.json"), withIntermediateDirectories: true)
        var changes = FileChanges()
        changes.write(
            Data("new contract".utf8), to: folder.url.appendingPathComponent("contracts/dogs.json"),
            display: "contracts/dogs.json")
        changes.write(
            Data("{}".utf8), to: folder.url.appendingPathComponent("Fixtures/new/deeper/cat.json"),
            display: "Fixtures/new/deeper/cat.json")
        changes.write(
            Data("{}".utf8), to: folder.url.appendingPathComponent("Fixtures/dog.json"), display: "Fixtures/dog.json")
        let temporaries = SuiteWriter.TemporaryFiles()
        let error = #expect(throws: FileWriteError.self) {
            try Self.writer(folder, temporaries: temporaries).write(changes)
        }
        #expect(error?.path == "Fixtures/dog.json")
        #expect(error?.reason == "it is a folder")
        #expect(String(decoding: try folder.read("contracts/dogs.json"), as: UTF8.self) == "old contract")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/new").path))
        #expect(Self.temporaryFiles(under: folder.url).isEmpty)
        #expect(temporaries.paths.isEmpty)
    }

    @Test("a file that already holds its bytes is neither reported as changed nor rewritten")
    func unchangedFileIsSkipped() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/dogs.json", "same")
        try folder.write("Fixtures/dog.json", "old")
        let unchanged = folder.url.appendingPathComponent("contracts/dogs.json")
        // An mtime long past, so that a rewrite shows whatever the file system's clock resolution.
        var past = [timeval(tv_sec: 1_000_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000_000, tv_usec: 0)]
        #expect(utimes(unchanged.path, &past) == 0)
        var changes = FileChanges()
        changes.write(Data("same".utf8), to: unchanged, display: "contracts/dogs.json")
        changes.write(
            Data("new".utf8), to: folder.url.appendingPathComponent("Fixtures/dog.json"), display: "Fixtures/dog.json")

        let changed = try Self.writer(folder).write(changes)

        #expect(changed == ["Fixtures/dog.json"])
        #expect(String(decoding: try folder.read("Fixtures/dog.json"), as: UTF8.self) == "new")
        var info = stat()
        #expect(stat(unchanged.path, &info) == 0)
        #expect(info.st_mtim.tv_sec == 1_000_000_000)
        #expect(try Self.writer(folder).write(changes).isEmpty)
    }

    @Test("a write waits for another holder of the suite's lock, saying so once, and lands when it is released")
    func writerWaitsForTheLock() throws {
        let folder = try SuiteFolder()
        let target = folder.url.appendingPathComponent("contracts/dogs.json")
        var changes = FileChanges()
        changes.write(Data("written".utf8), to: target, display: "contracts/dogs.json")
        var held: SuiteLock? = try SuiteLock(root: folder.url, waiting: {})
        let waited = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let waits = Locked(0)
        let outcome = Locked<Result<[String], FileWriteError>?>(nil)
        let writer = SuiteWriter(root: folder.url, temporaries: .init()) {
            waits.withLock { $0 += 1 }
            waited.signal()
        }
        let plan = changes
        DispatchQueue.global().async {
            let result = Result { () throws(FileWriteError) in try writer.write(plan) }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        // The writer says it waits before it blocks on the lock this test holds.
        #expect(waited.wait(timeout: .now() + 30) == .success)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        withExtendedLifetime(held) {}
        held = nil
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(try outcome.withLock { try $0?.get() } == ["contracts/dogs.json"])
        #expect(waits.withLock { $0 } == 1)
        #expect(String(decoding: try folder.read("contracts/dogs.json"), as: UTF8.self) == "written")
    }

    @Test("an uncontended write never says it waits")
    func uncontendedWriteDoesNotWait() throws {
        let folder = try SuiteFolder()
        let waits = Locked(0)
        var changes = FileChanges()
        changes.write(
            Data("x".utf8), to: folder.url.appendingPathComponent("contracts/a.json"), display: "contracts/a.json")
        let writer = SuiteWriter(root: folder.url, temporaries: .init()) { waits.withLock { $0 += 1 } }
        #expect(try writer.write(changes) == ["contracts/a.json"])
        #expect(waits.withLock { $0 } == 0)
    }

    @Test("a suite whose root cannot be opened is refused with its path, nothing written")
    func missingRootIsRefused() throws {
        let folder = try SuiteFolder()
        let root = folder.url.appendingPathComponent("gone")
        var changes = FileChanges()
        changes.write(
            Data("x".utf8), to: folder.url.appendingPathComponent("contracts/a.json"), display: "contracts/a.json")
        let temporaries = SuiteWriter.TemporaryFiles()
        let error = #expect(throws: FileWriteError.self) {
            try SuiteWriter(root: root, temporaries: temporaries, waiting: {}).write(changes)
        }
        #expect(error?.path == root.path)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/a.json").path))
        #expect(Self.temporaryFiles(under: folder.url).isEmpty)
        #expect(temporaries.paths.isEmpty)
    }

    @Test("a signal's cleanup removes the staged files and refuses new ones, so nothing is half written")
    func removeAllCleansAndCloses() throws {
        let folder = try SuiteFolder()
        let temporaries = SuiteWriter.TemporaryFiles()
        var changes = FileChanges()
        changes.write(
            Data("x".utf8), to: folder.url.appendingPathComponent("contracts/a.json"), display: "contracts/a.json")
        let staged = try changes.stage(temporaries: temporaries)
        #expect(temporaries.paths.count == 1)
        #expect(Self.temporaryFiles(under: folder.url).count == 1)

        temporaries.removeAll()

        #expect(temporaries.paths.isEmpty)
        #expect(Self.temporaryFiles(under: folder.url).isEmpty)
        _ = staged
        let error = #expect(throws: FileWriteError.self) {
            try Self.writer(folder, temporaries: temporaries).write(changes)
        }
        #expect(error?.reason == "the run is being stopped")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/a.json").path))
        #expect(Self.temporaryFiles(under: folder.url).isEmpty)
    }

    @Test("a successful write leaves no temporary file listed or on disk")
    func successLeavesNoTemporaries() throws {
        let folder = try SuiteFolder()
        let temporaries = SuiteWriter.TemporaryFiles()
        var changes = FileChanges()
        for name in ["contracts/a.json", "Fixtures/nested/b.json", "Fixtures/c.json"] {
            changes.write(Data(name.utf8), to: folder.url.appendingPathComponent(name), display: name)
        }
        #expect(
            try Self.writer(folder, temporaries: temporaries).write(changes)
                == ["contracts/a.json", "Fixtures/nested/b.json", "Fixtures/c.json"])
        #expect(temporaries.paths.isEmpty)
        #expect(Self.temporaryFiles(under: folder.url).isEmpty)
        #expect(String(decoding: try folder.read("Fixtures/nested/b.json"), as: UTF8.self) == "Fixtures/nested/b.json")
    }
}
