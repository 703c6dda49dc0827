import ContractTestSupport
import Foundation
import Testing

/// Commands run from inside the suite, and the folders and selections around a run.
@Suite("the suite's root and selection, end to end")
struct SuiteRootTests {
    static let peru = #"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#

    @Test("add from contracts/countries with a bare name is refused and writes nothing")
    func addFromSubfolderRefused() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("contracts/countries/by-name.json", "")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts/countries/by-name.json"))
        try folder.write("peru.json", Self.peru)
        let run = try folder.run(
            [
                "add", "../../peru.json", "--contract", "by-name-peru.json", "--endpoint", "countries.byName",
                "--arguments", #"{"name": "peru"}"#, "--name", "peru",
            ], from: "contracts/countries")
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "outside the suite's contracts/ folder, and verify would never run it; --contract is a path from the suite's root, such as \"contracts/countries/by-name-peru.json\""
            ), "\(run.stderr)")
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("contracts/countries/Fixtures").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("by-name-peru.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/peru.json").path))
        #expect(try folder.run(["verify"]).status == 0)
    }

    @Test("add from a subfolder resolves --contract and --as from the suite's root, and the root verify passes")
    func addFromSubfolder() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Downloads/peru.json", Self.peru)
        let run = try folder.run(
            [
                "add", "../Downloads/peru.json", "--contract", "contracts/countries/by-name-peru.json", "--endpoint",
                "countries.byName",
                "--arguments", #"{"name": "peru"}"#, "--name", "peru", "--as", "countries/",
            ], from: "contracts")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("copied ../Downloads/peru.json to Fixtures/countries/peru.json\n"))
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("Fixtures/countries/peru.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/Fixtures").path))
        let verify = try folder.run(["verify", "--strict"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.cases("PASS").contains("PASS  contracts/countries/by-name-peru.json  peru"))
    }

    @Test("verify from inside the suite runs the whole suite, named as from the root")
    func verifyFromSubfolder() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/more/x.json",
            #"{"model": "[Dog]", "cases": [{"name": "x", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}"#
        )
        let fromRoot = try folder.run(["verify"])
        let fromInside = try folder.run(["verify"], from: "contracts/more")
        #expect(fromRoot.status == 0)
        #expect(fromInside.status == 0, "\(fromInside.stderr)")
        #expect(fromInside.stdout == fromRoot.stdout)
    }

    @Test("no fixtures folder is needed when no case names a fixture; a case that does says what is missing")
    func fixturesFolderOptional() throws {
        let folder = try SuiteFolder()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Fixtures"))
        try folder.write(
            "contracts/c.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "down", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful", "status": 503}}]}"#
        )
        let run = try folder.run(["verify"])
        #expect(run.status == 0, "\(run.stderr)")
        try folder.write(
            "contracts/d.json",
            #"{"model": "[Dog]", "cases": [{"name": "page", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}"#
        )
        let missing = try folder.run(["verify"])
        #expect(missing.status == 2)
        #expect(missing.cases("ERROR") == ["ERROR contracts/d.json  page"])
        #expect(missing.stderr.contains("fixture \"Fixtures/dogs.json\" does not exist"), "\(missing.stderr)")
    }

    @Test("--fixtures naming a file says it is not a folder")
    func fixturesIsAFile() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--fixtures", "contracts/good.json"])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix("error: fixtures folder \"contracts/good.json\" is a file, not a folder\n"),
            "\(run.stderr)")
    }

    @Test("an empty shard says so")
    func emptyShard() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "down", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        let runs = try (1...3).map { try folder.run(["verify", "--shard", "\($0)/3"]) }
        let empty = try #require(runs.first { $0.stdout.hasPrefix("0 passed") })
        #expect(empty.status == 0)
        #expect(empty.stderr.hasPrefix("warning: shard "))
        #expect(
            empty.stderr.contains("is empty: every selected case falls in another shard; nothing was verified\n"),
            "\(empty.stderr)")
    }

    @Test("--filter may be given several times: a case matching any runs, ignoring case")
    func repeatedFilters() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--filter", "OFFLINE", "--filter", "two dogs"])
        #expect(run.status == 0)
        #expect(run.cases("PASS") == ["PASS  contracts/good.json  two dogs", "PASS  contracts/good.json  offline"])
        let none = try folder.run(["verify", "--filter", "a", "--filter", ""])
        #expect(none.cases("PASS").count == 4)
        let nothing = try folder.run(["verify", "--filter", "zzz", "--filter", "yyy"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr == "error: no case matches --filter \"zzz\" or --filter \"yyy\"; nothing was verified\n")
    }

    @Test("a contract named twice runs once, under its first spelling, normalised")
    func duplicatePaths() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "./contracts/./good.json", "contracts//good.json"])
        #expect(run.status == 0)
        #expect(run.cases("PASS").count == 4)
        #expect(run.cases("PASS").allSatisfy { $0.hasPrefix("PASS  contracts/good.json  ") })
    }
}
