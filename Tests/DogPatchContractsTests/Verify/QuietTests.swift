import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

/// `--quiet`: the text report keeps what needs reading (failures, errors, warnings and the
/// summary) and leaves out the passed and skipped cases with nothing to say.
@Suite("--quiet")
struct QuietTests {
    /// The sample suite and a contract with a skipped case, a failing one and a passing one whose
    /// fixture has a key the model never reads.
    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "Fixtures/extra.json",
            SampleSuite.dogs.replacingOccurrences(of: #""name": "Noodle","#, with: #""name": "Noodle", "gender": "f","#)
        )
        try folder.write(
            "contracts/more.json",
            """
            {"endpoint": "dogpatch.getDogs", "cases": [
              {"name": "later", "skip": "waiting for the API", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}},
              {"name": "three dogs", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true, "count": 3}},
              {"name": "extra key", "response": {"fixture": "extra.json"}, "expect": {"decodes": true}}]}
            """)
        return folder
    }

    @Test(
        "verify --quiet prints FAIL lines with their diagnostics, a passed case's warning under its line, and the summary"
    )
    func verify() async throws {
        let folder = try Self.suite()
        let quiet = try folder.shell(#""$TOOL" verify --quiet 2>&1"#)
        #expect(quiet.status == 1)
        #expect(
            quiet.stdout == """
                FAIL  contracts/more.json  three dogs
                contracts/more.json:3:101: error: expected 3 elements, decoded 2
                PASS  contracts/more.json  extra key
                Fixtures/extra.json:3:80: warning: [*].gender: the [Dog] model never reads this key (1 occurrence)
                5 passed, 1 failed, 0 errors, 1 skipped (1 warning)

                """)
        let loud = await folder.runInProcess(["verify"])
        let hushed = await folder.runInProcess(["verify", "--quiet"])
        #expect(loud.cases("PASS").count == 5 && loud.cases("SKIP").count == 1)
        #expect(hushed.stderr == loud.stderr, "every diagnostic is still printed")
        #expect(hushed.stdout.split(separator: "\n").count == 3)
    }

    @Test("--quiet changes nothing in the json, junit and github formats", arguments: ["json", "junit", "github"])
    func otherFormats(format: String) async throws {
        let folder = try Self.suite()
        let loud = await folder.runInProcess(["verify", "--format", format])
        let hushed = await folder.runInProcess(["verify", "--format", format, "--quiet"])
        #expect(hushed.status == loud.status)
        #expect(JUnitReportTests.timesZeroed(hushed.stdout) == JUnitReportTests.timesZeroed(loud.stdout))
        #expect(hushed.stdout.contains("three dogs") && hushed.stderr == loud.stderr)
    }

    @Test("mutate --quiet prints the mishandled mutant and the summary, not the passed mutants")
    func mutate() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let failing = await folder.runInProcess(
            ["mutate", "--quiet", "contracts/good.json"],
            catalogue: MutationClients.catalogue(MutationClients.completesTwiceOn429))
        #expect(failing.code == .failure)
        #expect(
            failing.stdout == """
                FAIL  contracts/good.json  two dogs › status 429
                70 passed, 1 failed, 0 errors, 0 skipped; 71 mutants of 1 case

                """)
        let passing = await folder.runInProcess(["mutate", "--quiet"])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout == "71 passed, 0 failed, 0 errors, 0 skipped; 71 mutants of 1 case\n")
        #expect(await folder.runInProcess(["mutate"]).cases("PASS").count == 71)
    }

    @Test("verify --live --quiet leaves out the cases it skips for want of a recording")
    func live() async throws {
        let peru = #"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Fixtures/countries/peru.json", peru)
        try folder.write("contracts/peru.json", LiveCommandTests.peruContract(url: server.baseURL))
        let base = LiveCommandTests.countries(server)
        let loud = await folder.runInProcess(["verify", "--live", "--base-url", base])
        #expect(loud.status == 0, "\(loud.stderr)")
        #expect(loud.cases("SKIP").count == 5)
        #expect(
            loud.cases("PASS") == ["PASS  contracts/peru.json  peru  \(server.baseURL.absoluteString)v3.1/name/peru"])
        let hushed = await folder.runInProcess(["verify", "--live", "--quiet", "--base-url", base])
        #expect(hushed.status == 0, "\(hushed.stderr)")
        #expect(hushed.stdout == "1 passed, 0 failed, 0 errors, 5 skipped\n")
    }
}
