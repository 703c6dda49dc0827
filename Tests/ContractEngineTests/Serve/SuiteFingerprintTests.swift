import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// Reload's look at the files: an edit of the same size within the file system's tick leaves
/// every time as it was, and is still seen ("racy git", issue 39, finding 13). The file system's
/// coarse times are played by a status function that reports the same status whatever the edit,
/// so nothing waits on a clock.
@Suite("serve: the suite's fingerprint")
struct SuiteFingerprintTests {
    @Test("a same-size edit whose times read as before is seen when the file was racy at the last scan")
    func racyEdit() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/a.json", "{\"a\": 1}")
        let root = folder.url.appendingPathComponent("contracts")
        let file = root.appendingPathComponent("a.json").path
        // Every status as the first look saw it, as a file system whose tick has not moved would.
        let frozen = Dictionary(
            uniqueKeysWithValues: [root.path, file].map { ($0, SuiteFingerprint.status($0)) })
        let status = { (path: String) in frozen[path] ?? nil }
        let modified = try #require(frozen[file]??.modified)
        let scan = Date(timeIntervalSince1970: modified)
        let before = SuiteFingerprint([root], scannedAt: scan, status: status)
        try folder.write("contracts/a.json", "{\"a\": 2}")
        let after = SuiteFingerprint(
            [root], scannedAt: scan.addingTimeInterval(0.25), previous: before, status: status)
        #expect(after != before)
        // Long after, with the times unchanged and nothing racy, an unchanged file is unchanged.
        let later = SuiteFingerprint(
            [root], scannedAt: scan.addingTimeInterval(60), previous: after, status: status)
        let latest = SuiteFingerprint(
            [root], scannedAt: scan.addingTimeInterval(61), previous: later, status: status)
        #expect(later == after)
        #expect(latest == later)
    }

    @Test("a file older than the scan is compared by its status alone, and not read")
    func settledFile() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/a.json", "{\"a\": 1}")
        let root = folder.url.appendingPathComponent("contracts")
        let scan = Date().addingTimeInterval(3600)
        let first = SuiteFingerprint([root], scannedAt: scan)
        #expect(SuiteFingerprint([root], scannedAt: scan, previous: first) == first)
        try folder.write("contracts/b.json", "{}")
        #expect(SuiteFingerprint([root], scannedAt: scan, previous: first) != first)
    }
}
