import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// Issue 22, item 3: a failure inside a dictionary is named the same way in every process.
@Suite("dictionary paths")
struct DictionaryPathTests {
    static let twoBadEntries =
        #"[{"name": {"common": "X"}, "currencies": {"AAA": {"name": 1}, "BBB": {"name": 2}, "CCC": {"name": 3}}}]"#

    @Test("the case add writes for two bad entries of one dictionary passes in every process")
    func stableVerdict() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/bad-currencies.json", Self.twoBadEntries)
        let add = try folder.run([
            "add", "Fixtures/bad-currencies.json", "--contract", "contracts/bad.json", "--model", "[Country]", "--name",
            "bad currencies",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        let contract = String(decoding: try folder.read("contracts/bad.json"), as: UTF8.self)
        #expect(contract.contains(#""path": "[0].currencies.*.name""#), "\(contract)")
        // Each process seeds its hashing anew, so the dictionary's order changes between runs:
        // before the wildcard, about one run in three named the entry the contract names.
        for _ in 0..<8 {
            let verify = try folder.run(["verify"])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }
    }

    @Test("explain names the wildcard path and the first bad entry's position, the same in every process")
    func stableExplanation() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/bad-currencies.json", Self.twoBadEntries)
        var outputs = Set<String>()
        for _ in 0..<6 {
            let run = try folder.run(["explain", "Fixtures/bad-currencies.json", "--model", "[Country]"])
            outputs.insert(run.stdout + run.stderr)
        }
        #expect(outputs.count == 1)
        #expect(
            outputs.first?.contains(
                "Fixtures/bad-currencies.json:1:59: error: [0].currencies.*.name: expected a string, found 1") == true)
    }

    @Test("a contract that names one concrete key of the dictionary still matches the failure")
    func concreteKeyStillMatches() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/bad-currencies.json", Self.twoBadEntries)
        try folder.write(
            "contracts/bad.json",
            """
            { "model": "[Country]", "cases": [
              { "name": "named", "response": { "fixture": "bad-currencies.json" },
                "expect": { "error": "jsonConversionFailure", "path": "[0].currencies.BBB.name" } },
              { "name": "other field", "response": { "fixture": "bad-currencies.json" },
                "expect": { "error": "jsonConversionFailure", "path": "[0].currencies.*.code" } } ] }
            """)
        let verify = try folder.run(["verify"])
        #expect(verify.cases("PASS") == ["PASS  contracts/bad.json  named"])
        #expect(verify.cases("FAIL") == ["FAIL  contracts/bad.json  other field"])
    }
}
