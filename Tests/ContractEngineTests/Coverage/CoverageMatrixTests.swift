import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `CoverageMatrix` and `ShardCoverage` on their own: what `--coverage` counts, which gaps
/// `--require-coverage` fails on, and that the shards' reports added up give the whole run's matrix.
@Suite("coverage matrix")
struct CoverageMatrixTests {
    static let endpoints = [Endpoint.dogPatchGetDogs, Endpoint.countriesByName]

    /// A replayed case's result.
    static func result(_ endpoint: String, _ outcome: CoverageOutcome?, _ queue: ResponseQueue, _ name: String)
        -> CaseResult
    {
        var result = CaseResult(contract: "contracts/x.json", endpoint: endpoint, caseName: name, status: .passed)
        result.replayed = ReplayedOutcome(outcome: outcome, queue: queue)
        return result
    }

    /// A run's results: some on each endpoint, one not replayed, one of an endpoint without a row.
    static let results: [CaseResult] = [
        result("dogpatch.getDogs", .decoded, .main, "a"),
        result("dogpatch.getDogs", .decoded, .private, "b"),
        result("dogpatch.getDogs", .invalidData, .main, "c"),
        result("dogpatch.getDogs", nil, .main, "a 3xx"),
        result("countries.byName", .unsuccessful4xx, .private, "d"),
        result("countries.byName", .invalidRequest, .main, "e"),
        result("countries.all", .decoded, .main, "no row"),
        CaseResult(contract: "contracts/x.json", endpoint: "dogpatch.getDogs", caseName: "live", status: .passed),
    ]

    @Test("each endpoint counts its replayed cases by outcome and queue; others are left out")
    func counts() {
        let matrix = CoverageMatrix(Self.results, endpoints: Self.endpoints)
        #expect(Set(matrix.counts.keys) == ["dogpatch.getDogs", "countries.byName"])
        let dogs = matrix.counts["dogpatch.getDogs"] ?? [:]
        #expect(dogs["decoded"] == 2)
        #expect(dogs["invalidData"] == 1)
        #expect(dogs["jsonConversionFailure"] == 0)
        #expect(dogs["mainQueue"] == 3)
        #expect(dogs["privateQueue"] == 1)
        // getDogs has no required argument, so it cannot be invalid: no column for it.
        #expect(dogs["invalidRequest"] == nil)
        let countries = matrix.counts["countries.byName"] ?? [:]
        #expect(countries["invalidRequest"] == 1)
        #expect(countries["responseUnsuccessful4xx"] == 1)
        #expect(countries["mainQueue"] == 1 && countries["privateQueue"] == 1)
    }

    @Test("only the columns required can be gaps; the columns are named as the table heads them")
    func requiredColumns() {
        let matrix = CoverageMatrix(Self.results, endpoints: Self.endpoints)
        #expect(
            CoverageMatrix.Column.allCases.map(\.rawValue).joined(separator: "  ")
                == matrix.text.split(separator: "\n")[0].split(separator: " ").dropFirst().joined(separator: "  "))
        let noPrivate = Set(CoverageMatrix.Column.allCases).subtracting([.privateQueue, .jsonConversionFailure])
        #expect(
            matrix.gaps(requiring: [.decoded, .unsuccessful4xx])
                == [
                    "countries.byName: no replayed case reaches decoded",
                    "dogpatch.getDogs: no replayed case reaches responseUnsuccessful 4xx",
                ].reversed())
        #expect(!matrix.gaps(requiring: noPrivate).contains { $0.contains("private") || $0.contains("jsonConversion") })
        #expect(matrix.gapResults(requiring: [.decoded, .mainQueue]).map(\.caseName) == ["countries.byName coverage"])
        #expect(matrix.gapResults(requiring: []).isEmpty)
        #expect(matrix.gaps(requiring: Set(CoverageMatrix.Column.allCases)) == matrix.gaps)
    }

    @Test("the gaps name each endpoint's outcomes and queues no replayed case reaches, and fail as results")
    func gaps() {
        let matrix = CoverageMatrix(Self.results, endpoints: Self.endpoints)
        #expect(matrix.gaps.contains("dogpatch.getDogs: no replayed case reaches jsonConversionFailure"))
        #expect(!matrix.gaps.contains { $0.hasPrefix("dogpatch.getDogs: no replayed case reaches decoded") })
        #expect(!matrix.gaps.contains { $0.contains("getDogs") && $0.contains("invalidRequest") })
        #expect(!matrix.gaps.contains { $0.contains("queue") })
        #expect(matrix.gaps.contains("countries.byName: no replayed case reaches decoded"))
        #expect(matrix.gapResults.map(\.caseName) == ["dogpatch.getDogs coverage", "countries.byName coverage"])
        #expect(matrix.gapResults.allSatisfy { $0.status == .failed })
        let empty = CoverageMatrix([], endpoints: [Endpoint.dogPatchGetDogs])
        #expect(empty.gaps.contains("dogpatch.getDogs: no replayed case runs on the main queue"))
    }

    @Test("the table shows counts, - for none and n/a where the endpoint cannot be invalid")
    func table() {
        let text = CoverageMatrix(Self.results, endpoints: Self.endpoints).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("coverage"))
        let dogs = lines[1].split(separator: " ").map(String.init)
        #expect(dogs == ["dogpatch.getDogs", "2", "1", "-", "-", "-", "-", "n/a", "3", "1"])
        let countries = lines[2].split(separator: " ").map(String.init)
        #expect(countries == ["countries.byName", "-", "-", "-", "1", "-", "-", "1", "1", "1"])
    }

    /// A shard's JSON report of these results, as a sharded whole-suite run writes it.
    static func report(_ results: [CaseResult], shard: String, run: String = "run-1") throws -> Data {
        let report: [String: Any] = [
            "selection": ["shard": shard, "run": run, "wholeSuite": true],
            "coverage": CoverageMatrix(results, endpoints: endpoints).counts,
        ]
        return try JSONSerialization.data(withJSONObject: report)
    }

    /// The shards' matrix of the reports named, or why they do not add up.
    static func matrix(_ folder: borrowing SuiteFolder, _ files: [String]) -> Result<
        CoverageMatrix, ShardCoverage.Mismatch
    > {
        Result { () throws(ShardCoverage.Mismatch) in
            try ShardCoverage.matrix(
                of: files, in: SuiteLocation(currentDirectory: folder.url), endpoints: Self.endpoints)
        }
    }

    @Test("the shards' reports added up give the whole run's matrix, its table and its gaps")
    func shardsAddUp() throws {
        let folder = try SuiteFolder()
        let parts = [
            Array(Self.results.prefix(3)), Array(Self.results.dropFirst(3).prefix(2)), Array(Self.results.dropFirst(5)),
        ]
        for (index, results) in parts.enumerated() {
            try folder.write("shard\(index + 1).json", try Self.report(results, shard: "\(index + 1)/3"))
        }
        let whole = CoverageMatrix(Self.results, endpoints: Self.endpoints)
        let added = try Self.matrix(folder, ["shard2.json", "shard3.json", "shard1.json"]).get()
        #expect(added.counts == whole.counts)
        #expect(added.text == whole.text)
        #expect(added.gaps == whole.gaps)
    }

    @Test("shards that are not every shard of one run, once each, are refused naming the file")
    func shardsMismatch() throws {
        let folder = try SuiteFolder()
        try folder.write("a.json", try Self.report([], shard: "1/2"))
        try folder.write("b.json", try Self.report([], shard: "2/2"))
        try folder.write("other-run.json", try Self.report([], shard: "2/2", run: "run-2"))
        try folder.write("thirds.json", try Self.report([], shard: "2/3"))
        guard case .failure(.missing([2], count: 2)) = Self.matrix(folder, ["a.json"]) else {
            Issue.record("a missing shard went unnoticed")
            return
        }
        guard
            case .failure(.sameShard(first: "a.json", file: "a.json", index: 1, count: 2)) = Self.matrix(
                folder, ["a.json", "a.json"])
        else {
            Issue.record("a shard given twice went unnoticed")
            return
        }
        guard
            case .failure(.runs(file: "other-run.json", first: "a.json")) = Self.matrix(
                folder, ["a.json", "other-run.json"])
        else {
            Issue.record("shards of two runs were added up")
            return
        }
        guard
            case .failure(.shardCounts(file: "thirds.json", _, first: "a.json", count: 2)) = Self.matrix(
                folder, ["a.json", "thirds.json"])
        else {
            Issue.record("shards of two shardings were added up")
            return
        }
        guard case .failure(.report(file: "gone.json", let problem)) = Self.matrix(folder, ["gone.json", "b.json"]),
            case .unreadable = problem.reason
        else {
            Issue.record("a missing report went unnoticed")
            return
        }
        #expect(problem.position == nil)
    }

    @Test("a shard's JSON report is read back: its shard, its run and its counts")
    func readsShardReport() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "shard.json",
            """
            {"selection": {"shard": "2/3", "run": "abc", "wholeSuite": true},
             "coverage": {"dogpatch.getDogs": {"decoded": 4, "mainQueue": 4, "privateQueue": 0}}}
            """)
        let shard = try ShardCoverage.read(folder.url.appendingPathComponent("shard.json"), file: "shard.json")
        #expect(shard.shard == (2, 3))
        #expect(shard.run == "abc")
        #expect(shard.counts == ["dogpatch.getDogs": ["decoded": 4, "mainQueue": 4, "privateQueue": 0]])
    }

    @Test("a report that is not one shard of a whole suite is refused, with where in it")
    func refusesReports() throws {
        let folder = try SuiteFolder()
        func problem(_ text: String) throws -> ShardCoverage.Problem? {
            try folder.write("r.json", text)
            do {
                _ = try ShardCoverage.read(folder.url.appendingPathComponent("r.json"), file: "r.json")
                return nil
            } catch {
                return error
            }
        }
        guard case .unsharded = try problem(#"{"coverage": {}, "selection": {"wholeSuite": true}}"#)?.reason else {
            Issue.record("an unsharded report was read")
            return
        }
        guard case .narrowed = try problem(#"{"coverage": {}, "selection": {"shard": "1/2", "run": "r"}}"#)?.reason
        else {
            Issue.record("a narrowed report was read")
            return
        }
        guard case .unsharded = try problem(#"{"coverage": {}, "selection": {"shard": "3/2", "run": "r"}}"#)?.reason
        else {
            Issue.record("a shard beyond its count was read")
            return
        }
        let negative = try problem(
            """
            {"selection": {"shard": "1/2", "run": "r", "wholeSuite": true},
             "coverage": {"dogpatch.getDogs": {"decoded": -1}}}
            """)
        guard case .notACount(let endpoint, let key) = negative?.reason else {
            Issue.record("a negative count was read: \(String(describing: negative))")
            return
        }
        #expect(endpoint == "dogpatch.getDogs" && key == "decoded")
        #expect(negative?.position == SourcePosition(line: 2, column: 47))
        #expect(
            negative?.diagnostic(file: "r.json", saying: "not a count").rendered.hasPrefix("r.json:2:47: error:")
                == true)
        guard case .notJSON = try problem(#"{"coverage": "#)?.reason else {
            Issue.record("a report that is not JSON was read")
            return
        }
    }
}
