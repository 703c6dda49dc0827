import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// `export` of an app whose client writes (issue 40): the command writes a POST's interaction and
/// operation, and neither file nor output holds the credential the client sends.
@Suite("export: a client that writes")
struct RequestExportCommandTests {
    @Test("export pact and export openapi of a POST: written, its method and body in, its secret out")
    func postExported() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        let pact = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoWrites.catalogue)
        #expect(pact.code == .success, "\(pact.stderr)")
        #expect(pact.stdout.contains("wrote pacts/dogpatch-app-todos.json: 3 interactions"), "\(pact.stdout)")
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoWrites.catalogue)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let pactText = String(decoding: try folder.read("pacts/dogpatch-app-todos.json"), as: UTF8.self)
        let document = String(decoding: try folder.read("openapi.json"), as: UTF8.self)
        #expect(pactText.contains(#""method":"POST""#) && pactText.contains(#""title":"Milk""#))
        #expect(document.contains(#""post":{"operationId":"todos.create""#), "\(document)")
        for text in [pactText, document, pact.stdout, pact.stderr, openAPI.stdout, openAPI.stderr] {
            #expect(!text.contains("s3cret"))
        }
    }

    @Test("a bodyFixture that is missing makes the export write nothing, naming the contract's line")
    func missingBodyFixture() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        try folder.write(
            "contracts/create.json",
            TodoWrites.contract.replacingOccurrences(
                of: "\"body\": \(TodoWrites.milk) }", with: "\"bodyFixture\": \"milk.json\" }"))
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoWrites.catalogue)
        #expect(run.code != .success)
        #expect(run.stderr.contains("contracts/create.json:"), "\(run.stderr)")
        #expect(run.stderr.contains("milk.json"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pacts").path))
    }
}
