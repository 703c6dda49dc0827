import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

@Suite("verify, end to end")
struct VerifyCommandTests {
    @Test("a passing suite exits 0 and ends with the summary")
    func passingSuite() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.cases("PASS").count == 4)
        #expect(run.stdout.hasSuffix("4 passed, 0 failed, 0 errors, 0 skipped\n"))
        #expect(run.stderr.isEmpty)
    }

    @Test("the case lines line up and the summary says how long the run took; the JSON report keeps its bytes")
    func summaryDuration() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/skip.json",
            SampleSuite.dogsContract.replacingOccurrences(
                of: #""name": "offline","#, with: #""name": "offline", "skip": "later","#))
        let run = try folder.run(["verify", "--jobs", "1"])
        #expect(try #require(run.duration).wholeMatch(of: #/ in \d+\.\d s/#) != nil, "\(run.duration ?? "none")")
        let labels = run.stdout.split(separator: "\n").dropLast().map { $0.prefix(6) }
        #expect(Set(labels) == ["PASS  ", "SKIP  "], "\(labels)")
        let json = try folder.run(["verify", "--format", "json"])
        #expect(json.duration == nil && !json.stdout.contains(" in "), "\(json.stdout)")
        let again = try folder.run(["verify", "--format", "json"])
        #expect(json.stdout == again.stdout)
    }

    struct FailingCase: Sendable, CustomTestStringConvertible {
        let name: String
        let original: String
        let replacement: String
        let failedCase: String
        let message: String
        var testDescription: String { name }
    }

    static let failingCases: [FailingCase] = [
        FailingCase(
            name: "wrong count", original: #""count": 2"#, replacement: #""count": 5"#,
            failedCase: "two dogs", message: "expected 5 elements, decoded 2"),
        FailingCase(
            name: "wrong value", original: #""[1].name": "Olive""#, replacement: #""[1].name": "Olivia""#,
            failedCase: "two dogs", message: #"[1].name: expected "Olivia", decoded "Olive""#),
        FailingCase(
            name: "wrong error case", original: #""error": "responseUnsuccessful", "status": 404"#,
            replacement: #""error": "invalidData""#,
            failedCase: "not found",
            message: "expected invalidData, but a correct client gets responseUnsuccessful(404) from this response"),
        FailingCase(
            name: "wrong path", original: #""path": "[1].id""#, replacement: #""path": "[0].id""#,
            failedCase: "missing id",
            message:
                "expected jsonConversionFailure at [0].id, but a correct client gets jsonConversionFailure at [1].id (required key is missing)"
        ),
        FailingCase(
            name: "wrong status", original: #""responseUnsuccessful", "status": 404"#,
            replacement: #""responseUnsuccessful", "status": 410"#,
            failedCase: "not found",
            message: "expected responseUnsuccessful(410), but a correct client gets responseUnsuccessful(404)"),
        FailingCase(
            name: "expects decoding, body fails", original: #""error": "jsonConversionFailure", "path": "[1].id""#,
            replacement: #""decodes": true"#,
            failedCase: "missing id",
            message: "Fixtures/dogs-missing-id.json:5:3: error: [1].id: required key is missing"),
    ]

    @Test("a failing check exits 1 and names expected and actual", arguments: failingCases)
    func failingSuite(_ failing: FailingCase) throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let contract = SampleSuite.dogsContract.replacingOccurrences(of: failing.original, with: failing.replacement)
        try #require(contract != SampleSuite.dogsContract)
        try folder.write("contracts/good.json", contract)
        let run = try folder.run(["verify"])
        #expect(run.status == 1)
        #expect(run.cases("FAIL") == ["FAIL  contracts/good.json  \(failing.failedCase)"])
        #expect(run.stderr.contains(failing.message), "stderr was: \(run.stderr)")
        #expect(run.stdout.hasSuffix("3 passed, 1 failed, 0 errors, 0 skipped\n"))
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let name: String
        let contract: String
        let message: String
        var testDescription: String { name }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(
            name: "unknown key",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"fixtrue": "dogs.json"}, "expect": {"decodes": true}}]}
                """,
            message: #"contracts/bad.json:2:30: error: unknown key "fixtrue" in "response"; did you mean "fixture"?"#),
        InvalidCase(
            name: "wrong type",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"status": "200"}, "expect": {"decodes": true}}]}
                """, message: #"contracts/bad.json:2:40: error: "status" must be a whole number, found "200""#),
        InvalidCase(
            name: "missing name",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """, message: #"contracts/bad.json:2:3: error: missing required key "name" in case #1"#),
        InvalidCase(
            name: "duplicate case name",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}},
                  {"name": "a", "response": {"status": 501}, "expect": {"error": "responseUnsuccessful"}}]}
                """, message: #"contracts/bad.json:3:3: error: duplicate case name "a" (first at line 2)"#),
        InvalidCase(
            name: "unknown endpoint",
            contract: """
                {"endpoint": "dogpatch.getCats", "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """, message: #"contracts/bad.json:1:14: error: unknown endpoint "dogpatch.getCats""#),
        InvalidCase(
            name: "unknown model",
            contract: """
                {"model": "[Cat]", "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """, message: #"contracts/bad.json:1:11: error: unknown model "[Cat]""#),
        InvalidCase(
            name: "model contradicts endpoint",
            contract: """
                {"endpoint": "dogpatch.getDogs", "model": "[Country]", "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """,
            message:
                #"contracts/bad.json:1:43: error: model "[Country]" does not match endpoint "dogpatch.getDogs", which decodes "[Dog]""#
        ),
        InvalidCase(
            name: "version above 1",
            contract: """
                {"version": 2, "endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """,
            message: "contracts/bad.json:1:13: error: contract version 2 is newer than this tool reads (version 1)"),
        InvalidCase(
            name: "fixture and body",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"fixture": "dogs.json", "body": "[]"}, "expect": {"decodes": true}}]}
                """, message: #"contracts/bad.json:2:41: error: a response takes "fixture" or "body", not both"#),
        InvalidCase(
            name: "absolute fixture path",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"fixture": "/etc/hostname"}, "expect": {"decodes": true}}]}
                """, message: #"contracts/bad.json:2:41: error: fixture path "/etc/hostname" is absolute"#),
        InvalidCase(
            name: "fixture path leaving the folder",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"fixture": "../contracts/good.json"}, "expect": {"decodes": true}}]}
                """,
            message:
                #"contracts/bad.json:2:41: error: fixture path "../contracts/good.json" leaves the fixtures folder"#),
        InvalidCase(
            name: "fixture symlink leaving the folder",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"fixture": "escape/good.json"}, "expect": {"decodes": true}}]}
                """,
            message: #"contracts/bad.json:2:41: error: fixture path "escape/good.json" leaves the fixtures folder"#),
        InvalidCase(
            name: "missing fixture",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"fixture": "nope.json"}, "expect": {"decodes": true}}]}
                """, message: #"contracts/bad.json:2:41: error: fixture "Fixtures/nope.json" does not exist"#),
        InvalidCase(
            name: "invalid JSON",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a" "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """,
            message: "contracts/bad.json:2:16: error: invalid JSON: unexpected '\"': expected ',' or '}' after a member"
        ),
        InvalidCase(
            name: "arguments without an endpoint",
            contract: """
                {"model": "[Dog]", "arguments": {"name": "x"}, "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """, message: #"contracts/bad.json:1:20: error: "arguments" needs an "endpoint" to pass them to"#),
        InvalidCase(
            name: "unknown argument",
            contract: """
                {"endpoint": "countries.byName", "arguments": {"nmae": "x"}, "cases": [
                  {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}
                """,
            message:
                #"contracts/bad.json:1:48: error: unknown key "nmae" in "arguments" of countries.byName; did you mean "name"?"#
        ),
        InvalidCase(
            name: "unknown network error",
            contract: """
                {"endpoint": "dogpatch.getDogs", "cases": [
                  {"name": "a", "response": {"networkError": "offline"}, "expect": {"error": "responseUnsuccessful"}}]}
                """,
            message:
                #"contracts/bad.json:2:46: error: unknown networkError "offline"; known names are notConnectedToInternet"#
        ),
        InvalidCase(
            name: "count on a single model",
            contract: """
                {"model": "Dog", "cases": [
                  {"name": "a", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true, "count": 2}}]}
                """, message: #"contracts/bad.json:2:92: error: "count" needs an array model; "Dog" is not one"#),
    ]

    @Test("an invalid contract exits 2 at its file:line:col while the valid one still passes", arguments: invalidCases)
    func invalidSuite(_ invalid: InvalidCase) throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("Fixtures/escape"),
            withDestinationURL: folder.url.appendingPathComponent("contracts")
        )
        try folder.write("contracts/bad.json", invalid.contract)
        let run = try folder.run(["verify"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(invalid.message), "stderr was: \(run.stderr)")
        #expect(run.cases("PASS").filter { $0.contains("contracts/good.json") }.count == 4)
        #expect(run.cases("ERROR").count == 1)
        #expect(run.cases("FAIL").isEmpty)
    }

    @Test("a number that does not fit its type is found at its path and position")
    func numberDoesNotFit() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/countries.json",
            """
            [
              {"name": {"common": "Monaco"}, "population": 39000},
              {"name": {"common": "Vatican City"},
               "population": 2.02}
            ]
            """)
        try folder.write(
            "contracts/countries.json",
            """
            {"model": "[Country]", "cases": [{"name": "a", "response": {"fixture": "countries.json"}, "expect": {"decodes": true}}]}
            """)
        let run = try folder.run(["verify"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "Fixtures/countries.json:4:18: error: [1].population: expected a whole number, found 2.02"),
            "\(run.stderr)")
    }

    @Test("PATH arguments and --filter narrow the run")
    func narrowing() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/other/more.json",
            """
            {"model": "[Dog]", "cases": [{"name": "fixture only", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}
            """)
        #expect(try folder.run(["verify"]).cases("PASS").count == 5)
        let byPath = try folder.run(["verify", "contracts/other"])
        #expect(byPath.cases("PASS") == ["PASS  contracts/other/more.json  fixture only"])
        let byFilter = try folder.run(["verify", "--filter", "offline"])
        #expect(byFilter.cases("PASS") == ["PASS  contracts/good.json  offline"])
    }

    @Test("the JSON report decodes with the documented shape")
    func jsonReport() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/good.json",
            SampleSuite.dogsContract.replacingOccurrences(of: #""count": 2"#, with: #""count": 3"#))
        let run = try folder.run(["verify", "--format", "json"])
        #expect(run.status == 1)
        struct Report: Decodable {
            struct Summary: Decodable, Equatable { let contracts, cases, passed, failed, errors, skipped: Int }
            struct Result: Decodable {
                struct Diagnostic: Decodable {
                    let severity, message: String
                    let file: String?
                    let line, column: Int?
                }
                let contract: String
                let endpoint: String?
                let `case`: String
                let status: String
                let diagnostics: [Diagnostic]
            }
            let version: Int
            let summary: Summary
            let results: [Result]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.version == 1)
        #expect(report.summary == .init(contracts: 1, cases: 4, passed: 3, failed: 1, errors: 0, skipped: 0))
        let failed = try #require(report.results.first { $0.status == "failed" })
        #expect(failed.case == "two dogs")
        #expect(failed.endpoint == "dogpatch.getDogs")
        #expect(failed.diagnostics.first?.message == "expected 3 elements, decoded 2")
        #expect(failed.diagnostics.first?.file == "contracts/good.json")
        #expect(failed.diagnostics.first?.line == 6)
    }

    @Test("the GitHub format emits workflow commands with file, line and col")
    func githubFormat() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/good.json",
            SampleSuite.dogsContract.replacingOccurrences(of: #""count": 2"#, with: #""count": 3"#))
        let run = try folder.run(["verify", "--format", "github"])
        let commands = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(
            commands == [
                "::error file=contracts/good.json,line=6,col=45,title=contracts/good.json%3A two dogs::expected 3 elements, decoded 2"
            ])
        #expect(run.stdout.hasSuffix("3 passed, 1 failed, 0 errors, 0 skipped\n"))
    }

    @Test("output is the same bytes whatever --jobs")
    func deterministic() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for index in 0..<6 {
            try folder.write("contracts/copy-\(index).json", SampleSuite.dogsContract)
        }
        let one = try folder.run(["verify", "--format", "json", "--jobs", "1"])
        let four = try folder.run(["verify", "--format", "json", "--jobs", "4"])
        #expect(one.status == 0)
        #expect(one.stdout == four.stdout)
        #expect(try folder.run(["verify", "--jobs", "1"]).stdout == folder.run(["verify", "--jobs", "3"]).stdout)
    }

    @Test("shards partition the suite: their union is the whole run and they do not overlap")
    func sharding() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for index in 0..<5 {
            try folder.write("contracts/copy-\(index).json", SampleSuite.dogsContract)
        }
        let whole = Set(try folder.run(["verify"]).cases("PASS"))
        var union: [String] = []
        for shard in 1...3 {
            union += try folder.run(["verify", "--shard", "\(shard)/3"]).cases("PASS")
        }
        #expect(whole.count == 24)
        #expect(union.count == whole.count)
        #expect(Set(union) == whole)
    }

    @Test("--junit and --json write reports to files beside the text output")
    func reportFiles() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--junit", "report.xml", "--json", "report.json"])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("4 passed, 0 failed, 0 errors, 0 skipped\n"))
        #expect(try String(decoding: folder.read("report.xml"), as: UTF8.self).hasPrefix("<?xml"))
        #expect(try JSONSerialization.jsonObject(with: folder.read("report.json")) is [String: Any])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("colour only when asked or on a terminal, never with NO_COLOR")
    func colour() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        #expect(!(try folder.run(["verify"]).stdout.contains("\u{1B}[")))
        #expect(try folder.run(["verify", "--color", "always"]).stdout.contains("\u{1B}[32mPASS"))
        #expect(
            !(try folder.run(["verify", "--color", "always"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
        )
    }
}
