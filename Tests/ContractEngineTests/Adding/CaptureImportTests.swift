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

    /// Issue 38, item 8: an archive's bodies are worked out only for the entries taken (an
    /// archive of large compressed answers, read for one of them, decompressed them all).
    @Test("reading an archive turns no body into bytes; the entries taken are decoded, the others never")
    func onlyTakenBodiesDecoded() async throws {
        let gzipped = Compressed.gzip(Data(HARSuite.peru.utf8)).base64EncodedString()
        let archive = HARSuite.browserStyle([
            try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: HARSuite.peru),
            try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: "not base64 at all", base64: false)
                .replacingOccurrences(
                    of: #""text": "not base64 at all""#, with: #""text": "%%%", "encoding": "base64""#),
            #"{"startedDateTime": "2026-11-20T09:15:03Z", "request": {"method": "GET", "url": "https://a.example/v3.1/name/peru"}, "response": {"status": 200, "headers": [{"name": "Content-Encoding", "value": "gzip"}], "content": {"text": "\#(gzipped)", "encoding": "base64"}}}"#,
        ])
        let read = try HARArchive.read(Data(archive.utf8), file: "capture.har").get()
        #expect(read.entries.map { $0.body == nil } == [true, true, true])
        #expect(try read.entries[2].decoded(maxBytes: 1 << 20).body?.get() == Data(HARSuite.peru.utf8))
        // Entry 2 cannot be decoded, and is never asked to be when entry 1 is picked.
        let folder = try HARSuite.suite(archive: archive)
        let account = try await Self.capture(folder, name: "seen", pick: CaseAddition.Pick(entry: 1, dryRun: true)).add(
            archive: folder.url.appendingPathComponent("capture.har"), display: "capture.har")
        #expect(try account.result.get().cases.map(\.entry) == [1])
        let picked = try await Self.capture(folder, name: "seen", pick: CaseAddition.Pick(entry: 2, dryRun: true)).add(
            archive: folder.url.appendingPathComponent("capture.har"), display: "capture.har")
        guard case .failure(.refused(let diagnostics, _)) = picked.result else {
            Issue.record("\(picked.result)")
            return
        }
        #expect(diagnostics.map(\.message) == [#"entry 2: its "content.text" says base64 and is not"#])
    }
}
