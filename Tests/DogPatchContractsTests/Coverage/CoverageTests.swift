import ContractTestSupport
import Foundation
import Testing

/// `verify --coverage` and `--require-coverage`.
@Suite("coverage, end to end")
struct CoverageTests {
    @Test("the matrix counts, per endpoint, the outcomes and queues replayed cases reach")
    func matrix() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await folder.runInProcess(["verify", "--coverage", "contracts/good.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(
                """
                PASS  contracts/good.json  offline

                coverage          decoded  invalidData  jsonConversionFailure  4xx  5xx  network  invalidRequest  main  private
                dogpatch.getDogs  1        -            1                      1    -    1        n/a             4     -

                4 passed, 0 failed, 0 errors, 0 skipped

                """), "the summary line stays last: \(run.stdout)")
    }

    @Test("--require-coverage exits 1 naming every endpoint and outcome no case reaches")
    func required() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await folder.runInProcess(["verify", "--require-coverage"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains("dogpatch-contracts: error: dogpatch.getDogs: no replayed case reaches invalidData"))
        #expect(
            errors.contains(
                "dogpatch-contracts: error: dogpatch.getDogs: no replayed case reaches responseUnsuccessful 5xx"))
        #expect(
            errors.contains("dogpatch-contracts: error: dogpatch.getDogs: no replayed case runs on the private queue"))
        #expect(
            !errors.contains("dogpatch-contracts: error: dogpatch.getDogs: no replayed case reaches invalidRequest"),
            "dogpatch.getDogs has no required argument")
        // The endpoints no contract of the suite uses are not required: an app's catalogue may
        // hold endpoints its suite does not test yet, and the built-in one does for this suite.
        #expect(!run.stderr.contains("countries."), "\(run.stderr)")
        #expect(!run.stdout.contains("countries."), "\(run.stdout)")
    }

    @Test("--require-coverage=OUTCOMES requires only the outcomes and queues named, repeatable")
    func requiredOutcomes() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let all = await folder.runInProcess(["verify", "--require-coverage"])
        #expect(all.status == 1)
        #expect(all.stderr.contains("dogpatch.getDogs: no replayed case runs on the private queue"))
        let some = await folder.runInProcess([
            "verify", "--require-coverage=decoded,4xx", "--require-coverage=main, network",
        ])
        #expect(some.status == 0, "\(some.stderr)")
        #expect(!some.stderr.contains("no replayed case"), "\(some.stderr)")
        #expect(some.stdout.contains("coverage          decoded"), "the matrix is printed whole: \(some.stdout)")
        let gap = await folder.runInProcess(["verify", "--require-coverage=decoded,5xx,private"])
        #expect(gap.status == 1)
        #expect(!gap.stderr.contains("note: "), "a team that named its outcomes needs no hint: \(gap.stderr)")
        let errors = gap.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors.filter { $0.contains("no replayed case") } == [
                "dogpatch-contracts: error: dogpatch.getDogs: no replayed case reaches responseUnsuccessful 5xx",
                "dogpatch-contracts: error: dogpatch.getDogs: no replayed case runs on the private queue",
            ], "\(gap.stderr)")
    }

    @Test("an outcome --require-coverage does not know is a usage error listing those it does")
    func unknownOutcome() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for (arguments, found) in [
            (["verify", "--require-coverage=decoded,5xxx"], #"found "5xxx""#),
            (["verify", "--require-coverage="], "found an empty name"),
            (["coverage", "--require=privateQueue", "report.json"], #"found "privateQueue""#),
        ] {
            let run = await folder.runInProcess(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(found), "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "takes outcomes separated by commas, from decoded, invalidData, jsonConversionFailure, 4xx, 5xx, network, invalidRequest, main, private"
                ), "\(run.stderr)")
        }
    }

    @Test("an app's suite is required to cover its own endpoints, and can leave out the private queue")
    func appCatalogue() async throws {
        let folder = try SuiteFolder()
        try TodoApp.MainQueue.write(into: folder)
        let catalogue = TodoApp.MainQueue.catalogue
        let all = await folder.runInProcess(["verify", "--require-coverage"], catalogue: catalogue)
        #expect(all.status == 1)
        #expect(
            all.stderr.split(separator: "\n").filter { $0.contains("no replayed case") } == [
                "dogpatch-contracts: error: todos.list: no replayed case runs on the private queue"
            ], "the app's client completes on the main queue only: \(all.stderr)")
        #expect(
            all.stderr.contains(
                "note: --require-coverage requires every outcome and queue; --require-coverage=OUTCOMES requires only those named"
            ), "\(all.stderr)")
        let chosen = "--require-coverage=decoded,invalidData,jsonConversionFailure,4xx,5xx,network,main"
        let app = await folder.runInProcess(["verify", "--strict", chosen], catalogue: catalogue)
        #expect(app.status == 0, "\(app.stdout)\(app.stderr)")
        let row = app.stdout.split(separator: "\n").first { $0.hasPrefix("todos.list ") }
        #expect(
            row?.split(separator: " ") == ["todos.list", "1", "1", "1", "1", "1", "1", "n/a", "6", "-"],
            "\(app.stdout)")

        // The shards of the app's suite, added up, are required the same way.
        for index in 1...2 {
            let shard = await folder.runInProcess(
                ["verify", "--coverage", "--shard", "\(index)/2", "--json", "shard-\(index).json"], catalogue: catalogue
            )
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let shards = ["shard-1.json", "shard-2.json"]
        let required = await folder.runInProcess(["coverage", "--require"] + shards, catalogue: catalogue)
        #expect(required.status == 1)
        #expect(required.stderr.contains("todos.list: no replayed case runs on the private queue"))
        #expect(required.stderr.contains("note: --require requires every outcome and queue; --require=OUTCOMES"))
        let chosenShards = await folder.runInProcess(
            ["coverage", "--require=decoded,invalidData,jsonConversionFailure,4xx,5xx,network,main"] + shards,
            catalogue: catalogue)
        #expect(chosenShards.status == 0, "\(chosenShards.stderr)")
        #expect(chosenShards.stdout.hasPrefix("coverage    decoded"), "\(chosenShards.stdout)")
        #expect(
            chosenShards.stdout.split(separator: "\n").count == 2, "one row, the app's endpoint: \(chosenShards.stdout)"
        )
    }

    @Test("an empty --filter narrows nothing: verify --coverage --filter \"\" agrees with verify --coverage")
    func emptyFilterIsTheWholeSuite() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let whole = await folder.runInProcess(["verify", "--coverage"])
        let emptyFilter = await folder.runInProcess(["verify", "--coverage", "--filter", ""])
        #expect(emptyFilter.status == whole.status)
        #expect(emptyFilter.stdout == whole.stdout)
        #expect(emptyFilter.stderr == whole.stderr)
        let narrowed = await folder.runInProcess(["verify", "--coverage", "--filter", "two dogs"])
        #expect(narrowed.stdout != whole.stdout, "a filter that is not empty narrows the matrix")
        var selections: [[String: AnyHashable]] = []
        for arguments in [
            ["verify", "--coverage", "--format", "json"], ["verify", "--coverage", "--format", "json", "--filter", ""],
        ] {
            let run = await folder.runInProcess(arguments)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            selections.append(try #require(report["selection"] as? [String: AnyHashable]))
        }
        #expect(selections[0] == selections[1])
        #expect(selections[0]["wholeSuite"] as? Bool == true)
    }

    @Test("the JSON report carries the matrix as \"coverage\"")
    func json() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await folder.runInProcess(["verify", "--coverage", "--format", "json", "contracts/good.json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let coverage = try #require(report["coverage"] as? [String: [String: Int]])
        #expect(
            coverage["dogpatch.getDogs"] == [
                "decoded": 1, "invalidData": 0, "jsonConversionFailure": 1, "responseUnsuccessful4xx": 1,
                "responseUnsuccessful5xx": 0,
                "responseUnsuccessfulNetworkError": 1, "mainQueue": 4, "privateQueue": 0,
            ])
    }

    @Test("the repository's own suite reaches every outcome on every endpoint")
    func repository() throws {
        let root = Repository.root
        let run = try ToolRun.execute(["verify", "--require-coverage", "--no-replay"], in: root)
        // Without replay nothing is reached: the check is real.
        #expect(run.status == 1)
        let full = try ToolRun.execute(["verify", "--require-coverage"], in: root)
        #expect(full.status == 0, "\(full.stderr)")
    }
}
