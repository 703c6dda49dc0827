import ContractTestSupport
import Foundation
import Testing

/// Issue 22, items 9 and 14: one writer for the suite.
@Suite("one writer for the suite")
struct SuiteWriterTests {
    static let page =
        #"[{"id": "11111111-2222-4333-8444-555555555555", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA", "about": "a", "breed": "Pug", "name": "Noodle", "birthday": 1, "created": 2, "breederRating": 4.2, "cost": 850, "imageURL": "https://img.test/n.png"}]"#

    /// Every temporary file the writer could have left in the suite.
    static func temporaryFiles(in folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".tmp") { found.append(path) }
        }
        return found
    }

    @Test("ten adds to one contract at once all land, each after the others", .timeLimit(.minutes(1)))
    func parallelAdds() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for index in 0..<10 { try folder.write("Downloads/dogs-\(index).json", Self.page) }
        let processes = try (0..<10).map { index in
            let process = Process()
            process.executableURL = ToolRun.executable
            process.arguments = [
                "add", "Downloads/dogs-\(index).json", "--contract", "contracts/good.json", "--name", "page \(index)",
            ]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 10))
        let verify = try folder.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let added = verify.cases("PASS").filter { $0.contains("  page ") }
        #expect(added.count == 10, "\(verify.stdout)")
        #expect(Self.temporaryFiles(in: folder.url).isEmpty)
    }

    @Test("two adds of one name at once: one lands, the other is refused with exit 2", .timeLimit(.minutes(1)))
    func sameNameTwice() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Downloads/dogs.json", Self.page)
        let lock = HeldSuiteLock(folder.url)
        let first = try RunningTool(
            ["add", "Downloads/dogs.json", "--contract", "contracts/good.json", "--name", "page", "--as", "page.json"],
            in: folder.url)
        let second = try RunningTool(
            ["add", "Downloads/dogs.json", "--contract", "contracts/good.json", "--name", "page", "--as", "page.json"],
            in: folder.url)
        // Both planned against the same contract and wait for the lock.
        #expect(first.waitForStandardError(containing: "waiting for the suite's lock"))
        #expect(second.waitForStandardError(containing: "waiting for the suite's lock"))
        _ = consume lock
        let statuses = [first.wait().status, second.wait().status].sorted()
        #expect(statuses == [0, 2])
        let contract = String(decoding: try folder.read("contracts/good.json"), as: UTF8.self)
        #expect(contract.components(separatedBy: #""name": "page""#).count == 2)
    }

    @Test(
        "SIGHUP, SIGINT, SIGQUIT, SIGTERM or SIGPIPE while add waits to write leaves no temporary file and the suite as it was",
        .timeLimit(.minutes(1)), arguments: [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE]
    )
    func interrupted(signal: Int32) throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        // A large body: a fixture of 2,000 dogs.
        let many =
            "[" + Array(repeating: String(Self.page.dropFirst().dropLast()), count: 2000).joined(separator: ",") + "]"
        try folder.write("Downloads/many.json", many)
        let before = try folder.read("contracts/good.json")
        let lock = HeldSuiteLock(folder.url)
        let add = try RunningTool(
            ["add", "Downloads/many.json", "--contract", "contracts/good.json", "--name", "many"], in: folder.url)
        #expect(
            add.waitForStandardError(containing: "waiting for the suite's lock: another dogpatch-contracts is writing"))
        // The writes are staged by now: the temporary files exist.
        #expect(!Self.temporaryFiles(in: folder.url).isEmpty)
        add.signal(signal)
        let ended = try #require(add.wait(killingAfter: 20), "the tool did not end on signal \(signal)")
        withExtendedLifetime(lock) {}
        // Ended by the signal, or (where the signal is blocked, as a test runner may leave it)
        // with the status a shell gives a process the signal ended.
        #expect(ended.signalled ? ended.status == signal : ended.status == 128 + signal)
        #expect(Self.temporaryFiles(in: folder.url).isEmpty)
        #expect(try folder.read("contracts/good.json") == before)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/many.json").path))
    }
}
