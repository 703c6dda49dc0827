import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

/// Verdicts a new user found wrong: numbers, keys with dots, key order, `null`, and cases that can never run.
@Suite("verdicts, end to end")
struct VerdictTests {
    /// A country contract over an inline body, with the given expectation members.
    static func countryContract(body: String, expect: String, extra: String = "") -> String {
        """
        {
          "model": "[Country]",\(extra)
          "cases": [
            { "name": "one country", "response": { "body": \(CodingPath.quote(body)) },
              "expect": { "decodes": true, \(expect) } }
          ]
        }
        """
    }

    @Test("numbers in values are compared exactly, beyond what a Double holds")
    func exactNumbers() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "Fixtures/dogs.json",
            SampleSuite.dogs.replacingOccurrences(of: #""cost": 850"#, with: #""cost": 9007199254740993"#))
        let contract = SampleSuite.dogsContract.replacingOccurrences(
            of: #""[0].cost": 850"#, with: #""[0].cost": 9007199254740992"#)
        try folder.write("contracts/good.json", contract)
        let run = await folder.runInProcess(["verify"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[0].cost: expected 9007199254740992, decoded 9007199254740993"), "\(run.stderr)")

        try folder.write(
            "contracts/good.json", contract.replacingOccurrences(of: "9007199254740992", with: "9.007199254740993e15"))
        let exact = await folder.runInProcess(["verify"])
        #expect(exact.status == 0, "\(exact.stderr)")
    }

    @Test("a Double compares by its shortest round-trip form")
    func doubles() async throws {
        let folder = try SuiteFolder()
        let body = #"[{"name": {"common": "Monaco"}, "area": 2.02}]"#
        try folder.write(
            "contracts/c.json", Self.countryContract(body: body, expect: #""values": { "[0].area": 2.020 }"#))
        #expect(await folder.runInProcess(["verify"]).status == 0)
        try folder.write(
            "contracts/c.json",
            Self.countryContract(body: body, expect: #""values": { "[0].area": 2.0200000000000001 }"#))
        let run = await folder.runInProcess(["verify"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[0].area: expected 2.0200000000000001, decoded 2.02"), "\(run.stderr)")
    }

    @Test("a key holding a dot is reported as one quoted step and can be acknowledged in that form")
    func keysWithDots() async throws {
        let folder = try SuiteFolder()
        let body = #"[{"name": {"common": "France"}, "name.common": "x", "a[0]": 1}]"#
        try folder.write("contracts/c.json", Self.countryContract(body: body, expect: #""count": 1"#))
        let run = await folder.runInProcess(["verify", "--strict"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(#"error: [*]["name.common"]: the [Country] model never reads this key (1 occurrence)"#),
            "\(run.stderr)")
        #expect(run.stderr.contains(#"error: [*]["a[0]"]: the [Country] model never reads this key"#), "\(run.stderr)")
        try folder.write(
            "contracts/c.json",
            Self.countryContract(
                body: body, expect: #""count": 1"#,
                extra: #" "ignoredKeys": ["[*][\"name.common\"]", "[*][\"a[0]\"]"],"#
            ))
        let acknowledged = await folder.runInProcess(["verify", "--strict"])
        #expect(acknowledged.status == 0, "\(acknowledged.stderr)")
    }

    @Test("a failed value check prints the same bytes every run, keys sorted")
    func deterministicObjects() async throws {
        let folder = try SuiteFolder()
        let body =
            #"[{"name": {"official": "French Republic", "common": "France", "nativeName": {"fra": {"official": "R", "common": "F"}}}}]"#
        try folder.write(
            "contracts/c.json",
            Self.countryContract(body: body, expect: #""values": { "[0].name": { "common": "Francia" } }"#))
        let first = await folder.runInProcess(["verify"])
        #expect(first.status == 1)
        #expect(
            first.stderr.contains(#"decoded {"common":"France","nativeName":{"fra":{"common":"F","off..."#),
            "\(first.stderr)")
        for _ in 0..<19 {
            let again = await folder.runInProcess(["verify"])
            #expect(again.stderr == first.stderr)
            #expect(again.stdout == first.stdout)
        }
    }

    @Test("null in values means absent or nil, under a container that is there")
    func explicitNull() async throws {
        let folder = try SuiteFolder()
        let body = #"[{"name": {"common": "Kosovo"}, "cioc": null}]"#
        try folder.write(
            "contracts/c.json",
            Self.countryContract(body: body, expect: #""values": { "[0].cioc": null, "[0].gini": null }"#))
        let run = await folder.runInProcess(["verify"])
        #expect(run.status == 0, "\(run.stderr)")
        try folder.write(
            "contracts/c.json", Self.countryContract(body: body, expect: #""values": { "[3].cioc": null }"#))
        let missing = await folder.runInProcess(["verify"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains("[3].cioc: no value at this path in the decoded [Country]"), "\(missing.stderr)")
        try folder.write(
            "contracts/c.json", Self.countryContract(body: body, expect: #""values": { "[0].name.common": null }"#))
        let present = await folder.runInProcess(["verify"])
        #expect(present.status == 1)
        #expect(present.stderr.contains(#"[0].name.common: expected null, decoded "Kosovo""#), "\(present.stderr)")
    }
}
