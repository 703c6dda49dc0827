import ContractTestSupport
import Foundation
import Testing

/// Issue 38, item 10: an export of a selection of nothing writes nothing and fails, as verify
/// does; it never replaces a document with an empty one.
@Suite("export on a selection of nothing")
struct ExportSelectionTests {
    @Test("export openapi and export pact with a --filter that selects no case exit 2 and write nothing")
    func selectsNothing() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("openapi.json", "the document as it was\n")
        let openAPI = try folder.run(["export", "openapi", "--out", "openapi.json", "--filter", "no such case"])
        #expect(openAPI.status == 2, "\(openAPI.stdout)\(openAPI.stderr)")
        #expect(
            openAPI.stderr.contains(#"error: no case matches --filter "no such case"; nothing was written"#),
            "\(openAPI.stderr)")
        #expect(try folder.read("openapi.json") == Data("the document as it was\n".utf8))
        let pact = try folder.run(["export", "pact", "--out", "pacts", "--filter", "no such case"])
        #expect(pact.status == 2, "\(pact.stdout)\(pact.stderr)")
        #expect(pact.stderr.contains(#"error: no case matches --filter "no such case"; nothing was written"#))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pacts").path))
    }
}
