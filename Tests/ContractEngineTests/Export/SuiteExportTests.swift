import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `export`'s front door on its own: where it refuses to write, that an invalid suite writes
/// nothing, and what the pacts and the document it writes hold.
@Suite("suite export")
struct SuiteExportTests {
    static func export(_ format: SuiteExport.Format, out: String, _ folder: borrowing SuiteFolder)
        async throws(SuiteExport.Refusal) -> SuiteExport.Outcome
    {
        let location = SuiteLocation(currentDirectory: folder.url)
        return try await SuiteExport.export(
            format, out: out, catalogue: .standard, options: VerifyOptions(), location: location,
            writer: SuiteWriter(root: location.root, temporaries: SuiteWriter.TemporaryFiles(), waiting: {}))
    }

    @Test("an OpenAPI file that is a folder, or a pacts folder that is a file, is refused before anything is read")
    func wrongKindOfOut() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("pacts", "a file")
        do {
            _ = try await Self.export(.openAPI, out: "Fixtures", folder)
            Issue.record("a folder was taken for the document")
        } catch {
            guard case .outIsAFolder = error else { throw error }
        }
        do {
            _ = try await Self.export(.pact(consumer: "app"), out: "pacts", folder)
            Issue.record("a file was taken for the pacts' folder")
        } catch {
            guard case .outIsAFile = error else { throw error }
        }
        #expect(String(decoding: try folder.read("pacts"), as: UTF8.self) == "a file")
    }

    @Test("a contract that does not load makes the export write nothing, and says where it is")
    func invalidWritesNothing() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("contracts/broken.json", "{")
        guard case .invalid(let problems) = try await Self.export(.openAPI, out: "openapi.json", folder) else {
            Issue.record("a suite with a broken contract was exported")
            return
        }
        #expect(problems.contains { $0.file == "contracts/broken.json" })
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("openapi.json").path))
    }

    @Test("the document is written with one operation per endpoint exported")
    func document() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        guard case .document(let operations, _) = try await Self.export(.openAPI, out: "api/openapi.json", folder)
        else {
            Issue.record("no document")
            return
        }
        #expect(operations == 1)
        let text = String(decoding: try folder.read("api/openapi.json"), as: UTF8.self)
        #expect(text.contains(#""openapi":"3.1.0""#))
        #expect(text.contains(#""paths":{"/dogs":{"get":{"operationId":"dogpatch.getDogs""#))
        #expect(text.contains(#""url":"https://dogpatchserver.herokuapp.com/api/v1""#))
    }

    @Test("the pacts are written a file per API; the decoding-failure and network error cases are left out by design")
    func pacts() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        guard case .pacts(let pacts) = try await Self.export(.pact(consumer: "app"), out: "pacts", folder) else {
            Issue.record("no pacts")
            return
        }
        #expect(pacts.files.count == 1)
        let file = try #require(pacts.files.first)
        // "two dogs" and "not found"; a provider cannot be asked for a missing id or a network error.
        #expect(file.interactions == 2)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pacts/\(file.name)").path))
        #expect(pacts.leftOut.map(\.byDesign) == [true, true])
        #expect(
            pacts.leftOut.map { $0.line.components(separatedBy: ": left out: ")[0] } == [
                "contracts/good.json › missing id", "contracts/good.json › offline",
            ])
        #expect(pacts.byDesign == "2 cases left out by design (1 client robustness, 1 network error)")
    }
}
