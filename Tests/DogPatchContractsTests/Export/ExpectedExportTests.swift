import ContractTestSupport
import Foundation
import Testing

/// The exports of the repository's own suite, pinned byte for byte by committed documents (as
/// reference tests do): a change to a rule, a request or a schema shows as a diff of these files
/// in review. To take a deliberate change, run the tests with `DOGPATCH_UPDATE_EXPECTED=1` and
/// commit the new files.
@Suite("the exports of the repository's suite, byte for byte")
struct ExpectedExportTests {
    static let root = Repository.root
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Expected")

    @Test(
        "export pact and export openapi write the committed documents",
        arguments: [
            (["export", "pact", "--out"], ["dogpatch-app-countries.json", "dogpatch-app-dogpatch.json"]),
            (["export", "openapi", "--out"], ["openapi.json"]),
        ])
    func pinned(command: [String], files: [String]) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dogpatch-contracts-expected-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let target = files.count == 1 ? out.appendingPathComponent(files[0]) : out
        let run = try ToolRun.execute(command + [target.path], in: Self.root)
        #expect(run.status == 0, "\(run.stderr)")
        for file in files {
            let written = try Data(contentsOf: out.appendingPathComponent(file))
            let pinned = Self.expected.appendingPathComponent(file)
            if ProcessInfo.processInfo.environment["DOGPATCH_UPDATE_EXPECTED"] == "1" {
                try written.write(to: pinned)
                continue
            }
            #expect(
                try Data(contentsOf: pinned) == written,
                "\(file) differs from Tests/DogPatchContractsTests/Export/Expected/\(file); if the change is meant, run DOGPATCH_UPDATE_EXPECTED=1 swift test --filter ExpectedExportTests and commit the file"
            )
        }
    }
}
