import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `RegularFile`, `RealPath` and `AtomicFile` on their own: what a contract or fixture read refuses,
/// when a path counts as inside the suite, and how a file is replaced.
@Suite("file paths")
struct FilePathTests {
    @Test("a regular file within the limit is read whole")
    func readsRegularFile() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", "[1,2,3]")
        let path = folder.url.appendingPathComponent("Fixtures/dogs.json").path
        #expect(try RegularFile.read(path, limit: 7).get() == Data("[1,2,3]".utf8))
    }

    @Test("a FIFO, a folder, a missing file and a file over the limit are each refused as such, never waited on")
    func refusals() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/big.json", "[1,2,3]")
        let fixtures = folder.url.appendingPathComponent("Fixtures")
        let fifo = fixtures.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(RegularFile.read(fifo, limit: 1000) == .failure(.notRegular))
        #expect(RegularFile.read(fixtures.path, limit: 1000) == .failure(.folder))
        #expect(
            RegularFile.read(fixtures.appendingPathComponent("gone.json").path, limit: 1000)
                == .failure(.cannotStat(ENOENT)))
        #expect(
            RegularFile.read(fixtures.appendingPathComponent("big.json").path, limit: 6) == .failure(.tooLarge(7)))
        // A listed file swapped for a FIFO since the listing opens without blocking and is left for
        // `read` to word.
        #expect(RegularFile.readListed(fifo, limit: 1000) == nil)
    }

    @Test("a symlink inside the suite that points out of it is outside; one that points within is inside")
    func symlinkOutOfTheSuite() throws {
        let suite = try SuiteFolder()
        let elsewhere = try SuiteFolder()
        let fixtures = suite.url.appendingPathComponent("Fixtures")
        try FileManager.default.createSymbolicLink(
            at: fixtures.appendingPathComponent("escape"), withDestinationURL: elsewhere.url)
        try FileManager.default.createSymbolicLink(
            at: fixtures.appendingPathComponent("within"),
            withDestinationURL: suite.url.appendingPathComponent("contracts"))
        #expect(!RealPath.isInside(fixtures.appendingPathComponent("escape/new.json"), suite.url))
        #expect(!RealPath.isInside(fixtures.appendingPathComponent("escape"), suite.url))
        #expect(RealPath.isInside(fixtures.appendingPathComponent("within/new.json"), suite.url))
    }

    @Test("`..` cannot lead out of the suite, a sibling sharing its name's prefix is not inside, nor is a missing path")
    func dotDotAndPrefixes() throws {
        let suite = try SuiteFolder()
        #expect(!RealPath.isInside(suite.url.appendingPathComponent("Fixtures/../../x.json"), suite.url))
        #expect(!RealPath.isInside(URL(fileURLWithPath: suite.url.path + "-other/x.json"), suite.url))
        #expect(RealPath.isInside(suite.url.appendingPathComponent("Fixtures/not/yet/there.json"), suite.url))
        #expect(RealPath.isInside(suite.url, suite.url))
        #expect(RealPath.of(suite.url.appendingPathComponent("missing").path) == nil)
    }

    @Test("paths are named as reports name them")
    func normalized() {
        #expect(RealPath.normalized("contracts//x.json") == "contracts/x.json")
        #expect(RealPath.normalized("./contracts/./x.json") == "contracts/x.json")
        #expect(RealPath.normalized("contracts/x.json/") == "contracts/x.json")
        #expect(RealPath.normalized("/tmp//a") == "/tmp/a")
        #expect(RealPath.normalized("./") == ".")
    }

    @Test("writing through a symlink replaces the file it points at and keeps the link and the file's mode")
    func writesThroughSymlink() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/real.json", "old")
        let real = folder.url.appendingPathComponent("Fixtures/real.json")
        #expect(chmod(real.path, 0o600) == 0)
        let link = folder.url.appendingPathComponent("contracts/link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let temporaries = SuiteWriter.TemporaryFiles()

        try AtomicFile.write("new", to: link, temporaries: temporaries)

        let isLink = folder.isSymlink("contracts/link.json")
        #expect(isLink)
        #expect(String(decoding: try folder.read("Fixtures/real.json"), as: UTF8.self) == "new")
        var info = stat()
        #expect(stat(real.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(temporaries.paths.isEmpty)
    }

    @Test("a folder at the destination is refused, nothing left behind")
    func folderDestination() throws {
        let folder = try SuiteFolder()
        let temporaries = SuiteWriter.TemporaryFiles()
        let error = #expect(throws: FileWriteError.self) {
            try AtomicFile.write("x", to: folder.url.appendingPathComponent("Fixtures"), temporaries: temporaries)
        }
        #expect(error?.reason == "it is a folder")
        #expect(temporaries.paths.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["Fixtures", "contracts"])
    }
}
