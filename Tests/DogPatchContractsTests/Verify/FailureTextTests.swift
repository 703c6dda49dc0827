import ContractTestSupport
import Foundation
import Testing

/// Issue 32, finding 6 (DESIGN 13): a failure says why where it is listed.
@Suite("a failure says why where it is listed")
struct FailureTextTests {
    @Test("each FAIL and ERROR is followed by its diagnostics, a shared one once naming its cases, the summary last")
    func underEachCase() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "Fixtures/dogs.json", SampleSuite.dogs.replacingOccurrences(of: "\"cost\": 850", with: "\"cost\": \"free\"")
        )
        try folder.write(
            "contracts/more.json",
            """
            {"endpoint": "dogpatch.getDogs", "cases": [
              {"name": "same page", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}},
              {"name": "typo", "response": {"fixture": "dgos.json"}, "expect": {"decodes": true}}]}
            """)
        let output = CapturedOutput()
        let run = await folder.runInProcess(["verify"], output: output)
        #expect(run.status == 2)
        let shared = #"Fixtures/dogs.json:4:56: error: [0].cost: expected a number, found "free""#
        #expect(
            ToolRun.withoutDuration(output.terminal).text == """
                FAIL  contracts/good.json  two dogs
                \(shared)
                Fixtures/dogs.json:4:56: note: the same for 2 cases: contracts/good.json › two dogs, contracts/more.json › same page
                PASS  contracts/good.json  missing id
                PASS  contracts/good.json  not found
                PASS  contracts/good.json  offline
                FAIL  contracts/more.json  same page
                ERROR contracts/more.json  typo
                contracts/more.json:3:44: error: fixture "Fixtures/dgos.json" does not exist; did you mean "dogs.json"?
                3 passed, 2 failed, 1 error, 0 skipped

                """, "\(output.terminal)")
        // Each stream stands on its own: the report on standard output, byte for byte as before.
        #expect(run.stdout.hasSuffix("ERROR contracts/more.json  typo\n3 passed, 2 failed, 1 error, 0 skipped\n"))
        #expect(run.stderr.components(separatedBy: shared).count == 2, "the shared diagnostic once: \(run.stderr)")
    }
}
