import ContractTestSupport
import Foundation
import Testing

/// `verify --coverage` and `--require-coverage`.
@Suite("coverage, end to end")
struct CoverageTests {
    @Test("the matrix counts, per endpoint, the outcomes and queues replayed cases reach")
    func matrix() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--coverage", "contracts/good.json"])
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
    func required() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--require-coverage"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains("dogpatch-contracts: error: dogpatch.getDogs: no replayed case reaches invalidData"))
        #expect(
            errors.contains(
                "dogpatch-contracts: error: dogpatch.getDogs: no replayed case reaches responseUnsuccessful 5xx"))
        #expect(
            errors.contains("dogpatch-contracts: error: dogpatch.getDogs: no replayed case runs on the private queue"))
        #expect(errors.contains("dogpatch-contracts: error: countries.byName: no replayed case reaches invalidRequest"))
        #expect(errors.contains("dogpatch-contracts: error: countries.all: no replayed case reaches decoded"))
        #expect(
            !errors.contains("dogpatch-contracts: error: countries.all: no replayed case reaches invalidRequest"),
            "countries.all has no required argument")
    }

    @Test("an empty --filter narrows nothing: verify --coverage --filter \"\" agrees with verify --coverage")
    func emptyFilterIsTheWholeSuite() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let whole = try folder.run(["verify", "--coverage"])
        let emptyFilter = try folder.run(["verify", "--coverage", "--filter", ""])
        #expect(emptyFilter.status == whole.status)
        #expect(emptyFilter.stdout == whole.stdout)
        #expect(emptyFilter.stderr == whole.stderr)
        let narrowed = try folder.run(["verify", "--coverage", "--filter", "good"])
        #expect(narrowed.stdout != whole.stdout, "a filter that is not empty narrows the matrix")
        let selections = try [
            ["verify", "--coverage", "--format", "json"], ["verify", "--coverage", "--format", "json", "--filter", ""],
        ]
        .map { arguments in
            let run = try folder.run(arguments)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return try #require(report["selection"] as? [String: AnyHashable])
        }
        #expect(selections[0] == selections[1])
        #expect(selections[0]["wholeSuite"] as? Bool == true)
    }

    @Test("the JSON report carries the matrix as \"coverage\"")
    func json() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--coverage", "--format", "json", "contracts/good.json"])
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
