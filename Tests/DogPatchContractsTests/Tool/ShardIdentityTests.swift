import ContractTestSupport
import Foundation
import Testing

/// Issue 22, items 7, 8 and 12: a case's identity is its path in its suite and its name, however
/// the path is typed; the hash that places it in a shard is the engine's `SuiteSelectionShardTests`.
@Suite("shards and the suite's identity")
struct ShardIdentityTests {
    @Test("shards of one suite are the same whatever the path's spelling: disjoint, and together the whole")
    func spellingDoesNotMatter() async throws {
        let folder = try SuiteFolder()
        var cases: [String] = []
        for index in 0..<24 {
            cases.append(
                #"{"name": "case \#(index)", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}"#
            )
        }
        try folder.write(
            "contracts/dogs.json", #"{"endpoint": "dogpatch.getDogs", "cases": [\#(cases.joined(separator: ","))]}"#)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("linked").path, withDestinationPath: "contracts")
        let all = await folder.runInProcess(["verify"]).cases("PASS")
        #expect(all.count == 24)
        let spellings = [folder.url.path + "/contracts", "contracts", "./contracts//", "linked", "contracts/dogs.json"]
        var halves: [[String]] = []
        for (index, spelling) in spellings.enumerated() {
            let one = await folder.runInProcess(["verify", "--shard", "1/2", spelling]).cases("PASS")
            let two = await folder.runInProcess(["verify", "--shard", "2/2", spellings[(index + 1) % spellings.count]])
                .cases(
                    "PASS")
            #expect(Set(one).isDisjoint(with: two))
            #expect(Set(one + two) == Set(all), "\(spelling)")
            halves.append(one)
        }
        #expect(Set(halves.map { $0.joined() }).count == 1)
        // Every report names the contract by its identity, however it was typed.
        #expect(halves[0].allSatisfy { $0.hasPrefix("PASS  contracts/dogs.json  ") })
    }

    @Test("a contract of another suite is refused with exit 2, and nothing of it runs against this suite's fixtures")
    func otherSuiteRefused() async throws {
        let mine = try SuiteFolder()
        let theirs = try SuiteFolder()
        try mine.write("Fixtures/dogs.json", "[]")
        try theirs.write("Fixtures/dogs.json", SampleSuite.dogs)
        try theirs.write(
            "contracts/dogs.json",
            #"{"model": "[Dog]", "cases": [{"name": "two", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true, "count": 2}}]}"#
        )
        let other = theirs.url.appendingPathComponent("contracts/dogs.json").path
        let run = await mine.runInProcess(["verify", other])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("belongs to the suite at"), "\(run.stderr)")
        #expect(run.stderr.contains("run the command from its suite's folder, or give --fixtures DIR"))
        let record = await mine.runInProcess(["record", other])
        #expect(record.status == 2)
        // With its own fixtures named, it runs and passes.
        let given = await mine.runInProcess([
            "verify", other, "--fixtures", theirs.url.appendingPathComponent("Fixtures").path,
        ])
        #expect(given.status == 0, "\(given.stdout)\(given.stderr)")
        // From its own suite, it is that suite's contract.
        #expect(await theirs.runInProcess(["verify"]).status == 0)
    }

    /// Issue 30, item 3: a shared suite taken with `--contracts`/`--fixtures` from two checkouts in
    /// different folders (and through a symlink) shards and names its cases alike.
    @Test("another suite's contracts are named and sharded by their path from that suite's root")
    func otherSuiteIdentityIsItsOwn() async throws {
        let runner = try SuiteFolder()
        let first = try SuiteFolder()
        let second = try SuiteFolder()
        var cases: [String] = []
        for index in 0..<20 {
            cases.append(
                #"{"name": "case \#(index)", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}"#
            )
        }
        let contract = #"{"endpoint": "dogpatch.getDogs", "cases": [\#(cases.joined(separator: ","))]}"#
        for checkout in [first.url, second.url] {
            let suite = checkout.appendingPathComponent(checkout == first.url ? "ci/checkout-a" : "work/b/shared")
            for name in ["contracts/a/dogs.json", "contracts/b/dogs.json"] {
                let file = suite.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contract.utf8).write(to: file)
            }
            try FileManager.default.createDirectory(
                at: suite.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        }
        let suiteA = first.url.appendingPathComponent("ci/checkout-a").path
        let suiteB = second.url.appendingPathComponent("work/b/shared").path
        // The runner's suite reaches the second checkout's contracts through a symlink.
        try FileManager.default.removeItem(at: runner.url.appendingPathComponent("contracts"))
        try FileManager.default.createSymbolicLink(
            atPath: runner.url.appendingPathComponent("contracts").path, withDestinationPath: suiteB + "/contracts")
        func shard(_ index: Int, _ arguments: [String]) async throws -> [String] {
            let run = await runner.runInProcess(["verify", "--shard", "\(index)/2"] + arguments)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            return run.cases("PASS")
        }
        let a1 = try await shard(1, ["--contracts", suiteA + "/contracts", "--fixtures", suiteA + "/Fixtures"])
        let a2 = try await shard(2, ["--contracts", suiteA + "/contracts", "--fixtures", suiteA + "/Fixtures"])
        let b1 = try await shard(1, ["--contracts", suiteB + "/contracts", "--fixtures", suiteB + "/Fixtures"])
        let b2 = try await shard(2, ["--fixtures", suiteB + "/Fixtures"])
        #expect(a1.count + a2.count == 40)
        #expect(Set(a1).isDisjoint(with: a2))
        #expect(a1 == b1, "the same cases in shard 1 on both checkouts")
        #expect(a2 == b2, "the same cases in shard 2 on both checkouts")
        #expect(
            (a1 + a2).allSatisfy {
                $0.hasPrefix("PASS  contracts/a/dogs.json  ") || $0.hasPrefix("PASS  contracts/b/dogs.json  ")
            })
    }

    /// Issue 38, item 12: the shared contracts folder named otherwise in one checkout, and a run
    /// started outside the checkout with an absolute `--contracts`, split the suite alike.
    @Test(
        "shards split alike whatever the contracts folder is called, and from outside the checkout with absolute paths")
    func contractsFolderNameDoesNotMatter() async throws {
        let first = try SuiteFolder()
        let second = try SuiteFolder()
        let outside = try SuiteFolder()
        var cases: [String] = []
        for index in 0..<20 {
            cases.append(
                #"{"name": "case \#(index)", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}"#
            )
        }
        let contract = #"{"endpoint": "dogpatch.getDogs", "cases": [\#(cases.joined(separator: ","))]}"#
        for name in ["a/dogs.json", "b/dogs.json"] {
            try first.write("contracts/" + name, contract)
            try second.write("api-contracts/" + name, contract)
        }
        func names(_ run: ToolRun) -> [String] {
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            // The case's contract path inside its folder, and its name.
            return run.cases("PASS").map { line in
                line.replacingOccurrences(of: "PASS  contracts/", with: "").replacingOccurrences(
                    of: "PASS  api-contracts/", with: "")
            }
        }
        for index in 1...2 {
            let inside = names(await first.runInProcess(["verify", "--shard", "\(index)/2"]))
            let renamed = names(
                await second.runInProcess(["verify", "--shard", "\(index)/2", "--contracts", "api-contracts"]))
            let fromOutside = names(
                await outside.runInProcess([
                    "verify", "--shard", "\(index)/2", "--contracts", second.url.path + "/api-contracts",
                    "--fixtures", second.url.path + "/Fixtures",
                ]))
            #expect(inside.count == 20)
            #expect(renamed == inside, "shard \(index) with the folder named api-contracts")
            #expect(fromOutside == inside, "shard \(index) from outside the checkout")
        }
    }
}
