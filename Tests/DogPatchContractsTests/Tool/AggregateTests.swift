import ContractTestSupport
import Foundation
import Testing

/// Issue 22, items 5, 6, 11, 13 and 18: aggregates that know the selection they were computed on.
@Suite("aggregates and their selection")
struct AggregateTests {
    /// A suite with two models' worth of cases: dogs in one contract, countries in another.
    static func twoContracts() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Fixtures/peru.json", #"[{"name": {"common": "Peru"}, "cca3": "PER", "area": 1285216.0}]"#)
        try folder.write(
            "contracts/peru.json",
            """
            { "endpoint": "countries.byName", "arguments": { "name": "peru" },
              "cases": [ { "name": "peru", "response": { "fixture": "peru.json" }, "expect": { "decodes": true } } ] }
            """)
        try folder.write("Fixtures/peru-capital.json", #"[{"name": {"common": "Peru"}, "capital": ["Lima"]}]"#)
        try folder.write(
            "contracts/peru-capital.json",
            """
            { "endpoint": "countries.byName", "arguments": { "name": "peru" },
              "cases": [ { "name": "capital", "response": { "fixture": "peru-capital.json" }, "expect": { "decodes": true } } ] }
            """)
        return folder
    }

    @Test("mutate --profiles on part of the suite judges only what it learnt, and --update keeps the rest")
    func partialProfiles() async throws {
        let folder = try Self.twoContracts()
        let first = await folder.runInProcess(["mutate", "--profiles", "profiles"])
        #expect(first.status == 0, "\(first.stderr)")
        let whole = try folder.read("profiles/[Country].json")
        #expect(String(decoding: whole, as: UTF8.self).contains("[*].capital"))
        #expect(String(decoding: whole, as: UTF8.self).contains("[*].area"))
        for narrowed in [["contracts/peru.json"], ["--filter", "capital"]] {
            let run = await folder.runInProcess(["mutate", "--profiles", "profiles"] + narrowed)
            #expect(run.status == 0, "\(narrowed): \(run.stdout)\(run.stderr)")
            #expect(!run.stderr.contains("no longer in the profile"))
            #expect(
                run.stderr.contains(
                    "of the [Country] profile not judged: the run took part of the suite (PATH or --filter)"),
                "\(run.stderr)")
            let update = await folder.runInProcess(["mutate", "--profiles", "profiles", "--update"] + narrowed)
            #expect(update.status == 0, "\(update.stderr)")
            #expect(
                try folder.read("profiles/[Country].json") == whole, "\(narrowed): --update kept what it did not learn")
        }
    }

    @Test("mutate --max judges only the paths whose mutants all ran")
    func cappedProfiles() async throws {
        let folder = try Self.twoContracts()
        #expect(await folder.runInProcess(["mutate", "--profiles", "profiles"]).status == 0)
        let whole = try folder.read("profiles/[Dog].json")
        let run = await folder.runInProcess(["mutate", "--profiles", "profiles", "--max", "20", "--seed", "3"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("no longer in the profile"))
        #expect(
            run.stderr.contains("of the [Dog] profile not judged: --max left some of its mutants out"), "\(run.stderr)")
        #expect(await folder.runInProcess(["mutate", "--profiles", "profiles", "--max", "20", "--update"]).status == 0)
        #expect(try folder.read("profiles/[Dog].json") == whole)
    }

    @Test("a profiles folder inside the contracts folder is refused before anything is written")
    func profilesInsideContracts() async throws {
        let folder = try Self.twoContracts()
        for inside in ["contracts/profiles", "contracts", "./contracts/../contracts/p"] {
            let run = await folder.runInProcess(["mutate", "--profiles", inside])
            #expect(run.status == 2)
            #expect(
                run.stderr.contains(
                    "is inside the contracts folder \"contracts\", where every JSON file is read as a contract"),
                "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/profiles").path))
        #expect(await folder.runInProcess(["verify"]).status == 0)
    }

    /// Issue 30, item 8: a report written into the contracts folder broke every later run.
    @Test(
        "a report file inside the contracts folder is refused before anything runs",
        arguments: [
            ["verify", "--json", "contracts/last-run.json"], ["verify", "--junit", "contracts/sub/junit.xml"],
            ["mutate", "--max", "5", "--json", "./contracts/../contracts/m.json"],
            ["mutate", "--max", "5", "--junit", "contracts/m.xml"],
        ])
    func reportInsideContracts(_ arguments: [String]) async throws {
        let folder = try Self.twoContracts()
        let run = await folder.runInProcess(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("is inside the contracts folder \"contracts\""), "\(run.stderr)")
        let written = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("contracts").path)
        #expect(written.allSatisfy { $0.hasSuffix(".json") && !$0.contains("last-run") && !$0.hasPrefix("m.") })
        #expect(await folder.runInProcess(["verify"]).status == 0)
        #expect(await folder.runInProcess(["list"]).status == 0)
    }

    @Test("--require-coverage with --shard is refused with what to do; the shards' reports are checked together")
    func coverageAcrossShards() throws {
        let root = Repository.root
        let refused = try ToolRun.execute(["verify", "--require-coverage", "--shard", "1/3"], in: root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("dogpatch-contracts coverage --require shard-*.json"))
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        var files: [String] = []
        for index in 1...3 {
            let file = reports.appendingPathComponent("shard-\(index).json").path
            let shard = try ToolRun.execute(
                ["verify", "--coverage", "--shard", "\(index)/3", "--json", file], in: root)
            #expect(shard.status == 0, "\(shard.stderr)")
            files.append(file)
        }
        // The repository's suite reaches everything, though no one shard does.
        let combined = try ToolRun.execute(["coverage", "--require"] + files, in: root)
        #expect(combined.status == 0, "\(combined.stdout)\(combined.stderr)")
        let missing = try ToolRun.execute(["coverage", "--require"] + files.dropLast(), in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no report for shard 3/3"))
    }

    /// Issue 30, items 6 and 11.
    @Test("coverage refuses shards of different runs, and takes shards run with the contracts folder as PATH")
    func shardsOfOneRun() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/more.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "down", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful", "status": 503}}]}"#
        )
        func shard(_ index: Int, _ file: String, path: [String] = []) async throws {
            let run = await folder.runInProcess(
                ["verify", "--coverage", "--shard", "\(index)/2", "--json", file] + path)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        }
        // The whole contracts folder as PATH, however spelt, is the whole suite.
        try await shard(1, "path-1.json", path: ["contracts/"])
        try await shard(2, "path-2.json", path: ["./contracts"])
        let whole = await folder.runInProcess(["coverage", "path-1.json", "path-2.json"])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        try await shard(1, "old-1.json")
        // A case added since: a fresh shard 2 with a stale shard 1 is not one run.
        try folder.write(
            "contracts/later.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "empty", "response": {"status": 200, "body": ""}, "expect": {"error": "invalidData"}}]}"#
        )
        try await shard(2, "new-2.json")
        let mixed = await folder.runInProcess(["coverage", "old-1.json", "new-2.json"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("are reports of different runs"), "\(mixed.stderr)")
        try await shard(1, "new-1.json")
        #expect(await folder.runInProcess(["coverage", "new-1.json", "new-2.json"]).status == 0)
    }

    /// Issue 38, item 11: a run's identity covers what it read, so a shard from before a fixture
    /// was edited is not added to one from after it, though every case name is the same.
    @Test("coverage --require refuses a stale shard from before a fixture was edited, the case names unchanged")
    func staleFixtureShard() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        func shard(_ index: Int, _ file: String) async throws {
            let run = await folder.runInProcess(["verify", "--coverage", "--shard", "\(index)/2", "--json", file])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        }
        try await shard(1, "old-1.json")
        try await shard(2, "old-2.json")
        #expect(await folder.runInProcess(["coverage", "old-1.json", "old-2.json"]).status == 0)
        // The same cases, one fixture edited: a dog's name changed.
        let fixtures = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("Fixtures").path
        ).filter { $0.hasSuffix(".json") }.sorted()
        let edited = try #require(fixtures.first)
        let text = String(decoding: try folder.read("Fixtures/\(edited)"), as: UTF8.self)
        try folder.write("Fixtures/\(edited)", text + "\n")
        try await shard(2, "new-2.json")
        let mixed = await folder.runInProcess(["coverage", "--require", "old-1.json", "new-2.json"])
        #expect(mixed.status == 2, "\(mixed.stdout)\(mixed.stderr)")
        #expect(mixed.stderr.contains("are reports of different runs"), "\(mixed.stderr)")
        try await shard(1, "new-1.json")
        #expect(await folder.runInProcess(["coverage", "new-1.json", "new-2.json"]).status == 0)
    }

    @Test(
        "a coverage gap under --require-coverage is a failure in every report: text, JSON, JUnit, GitHub and the step summary"
    )
    func coverageInEveryReport() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let summary = folder.url.appendingPathComponent("summary.md").path
        let run = await folder.runInProcess(
            ["verify", "--require-coverage", "--format", "github", "--json", "report.json", "--junit", "report.xml"],
            environment: ["GITHUB_STEP_SUMMARY": summary]
        )
        #expect(run.status == 1)
        #expect(run.stdout.contains("::error title=(coverage)"), "\(run.stdout)")
        #expect(run.stdout.contains("dogpatch.getDogs: no replayed case reaches invalidData"))
        let json = try #require(try JSONSerialization.jsonObject(with: folder.read("report.json")) as? [String: Any])
        let counts = try #require(json["summary"] as? [String: Int])
        // The sample suite uses one endpoint, so one failed row: the endpoints no contract uses
        // are not the suite's to cover.
        #expect(counts["failed"] == 1, "one failed row per endpoint with gaps: \(counts)")
        let junit = String(decoding: try folder.read("report.xml"), as: UTF8.self)
        #expect(junit.contains("no replayed case reaches invalidData"))
        #expect(!junit.contains("<testsuites name=\"dogpatch-contracts\" tests=\"5\" failures=\"0\""))
        #expect(junit.contains("<testsuites name=\"dogpatch-contracts\" tests=\"5\" failures=\"1\""), "\(junit)")
        let markdown = String(decoding: try folder.read("summary.md"), as: UTF8.self)
        #expect(markdown.contains("| (coverage) | dogpatch.getDogs coverage | failed |"), "\(markdown)")
    }
}
