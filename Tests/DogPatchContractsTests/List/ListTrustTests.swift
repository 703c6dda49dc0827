import ContractTestSupport
import Foundation
import Testing

/// Issue 30, item 10: `list` reports every problem as `verify` would, a missing fixture included.
@Suite("list reports what verify reports")
struct ListTrustTests {
    @Test("a contract whose fixture is missing makes list exit 2 with verify's diagnostic")
    func missingFixture() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Fixtures/dogs-missing-id.json"))
        let list = try folder.run(["list", "--cases"])
        let verify = try folder.run(["verify"])
        #expect(list.status == 2)
        #expect(verify.status == 2)
        let message = #"error: fixture "Fixtures/dogs-missing-id.json" does not exist"#
        #expect(list.stderr.contains("contracts/good.json:7:54: " + message), "\(list.stderr)")
        #expect(verify.stderr.contains("contracts/good.json:7:54: " + message), "\(verify.stderr)")
        // The listing itself is still printed whole.
        #expect(list.stdout.contains("  missing id\n"), "\(list.stdout)")
        try SampleSuite.write(into: folder)
        #expect(try folder.run(["list"]).status == 0)
    }
}
