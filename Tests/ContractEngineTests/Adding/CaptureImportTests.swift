import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `CaptureImport`: an archive's entries planned as cases in the engine, answered in values.
@Suite("capture import")
struct CaptureImportTests {
    static func capture(_ folder: borrowing SuiteFolder, name: String?, pick: CaseAddition.Pick) throws
        -> CaptureImport
    {
        let location = SuiteLocation(currentDirectory: folder.url)
        return CaptureImport(
            place: try location.contractPlace("contracts/peru.json", fixtures: nil).get(), catalogue: .standard,
            writer: SuiteWriter(root: location.root, temporaries: SuiteWriter.TemporaryFiles(), waiting: {}),
            timeout: 5, request: CaseAddition.Request(name: name ?? ""), pick: pick)
    }

    @Test("a dry run plans the cases, names and fixtures as values, and writes nothing")
    func dryRun() async throws {
        let folder = try HARSuite.suite(
            archive: HARSuite.browserStyle([
                try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: HARSuite.peru),
                try HARSuite.entry(url: "https://b.example/v3.1/all", text: "[]"),
                try HARSuite.entry(
                    url: "https://b.example/v3.1/name/peru", status: 503, text: "<h1>down</h1>",
                    contentType: "text/html"),
            ]))
        let before = try SuiteSnapshot.files(folder)
        let account = try await Self.capture(folder, name: "seen", pick: CaseAddition.Pick(dryRun: true)).add(
            archive: folder.url.appendingPathComponent("capture.har"), display: "capture.har")
        let imported = try account.result.get()
        #expect(imported.cases.map(\.name) == ["seen", "seen 503 2"])
        #expect(imported.cases.map(\.fixture) == ["Fixtures/peru/seen.json", "Fixtures/peru/seen-503-2.html"])
        #expect(imported.cases.map(\.entry) == [1, 3])
        #expect(imported.cases.map(\.url) == ["https://a.example/v3.1/name/peru", "https://b.example/v3.1/name/peru"])
        #expect(imported.results.isEmpty)
        #expect(
            account.warnings == [
                .said(
                    "entry 2: GET https://b.example/v3.1/all: skipped: not the contract's request: the path is not /v3.1/name/peru"
                )
            ])
        #expect(try SuiteSnapshot.files(folder) == before)
    }

    @Test("an entry number the archive lacks, or a missing contract, is a typed problem")
    func problems() async throws {
        let folder = try HARSuite.suite(
            archive: HARSuite.browserStyle([
                try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: HARSuite.peru)
            ]))
        let account = try await Self.capture(folder, name: nil, pick: CaseAddition.Pick(entry: 2)).add(
            archive: folder.url.appendingPathComponent("capture.har"), display: "capture.har")
        guard case .failure(.noSuchEntry(2, count: 1, archive: "capture.har")) = account.result else {
            Issue.record("\(account.result)")
            return
        }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts/peru.json"))
        let missing = try await Self.capture(folder, name: nil, pick: CaseAddition.Pick()).add(
            archive: folder.url.appendingPathComponent("capture.har"), display: "capture.har")
        guard case .failure(.captureNeedsContract("contracts/peru.json")) = missing.result else {
            Issue.record("\(missing.result)")
            return
        }
    }
}
