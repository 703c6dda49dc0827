import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// Issue 47: replay of a client that sends secrets from its configuration. A contract states them
/// `true` (query items and body members as well as headers) and replays; a mismatch under a secret
/// name is named without a value in every format (text, JSON, JUnit, GitHub step summary).
@Suite("verify: secrets stated by presence, never printed")
struct SecretReplayTests {
    @Test("contracts stating the secrets true pass, and no output holds a secret")
    func statedByPresencePass() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        let run = await folder.runInProcess(["verify"], catalogue: TodoApp.Secrets.catalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS  contracts/refresh.json  refreshed"), "\(run.stdout)")
        #expect(run.stdout.contains("PASS  contracts/search.json  found"), "\(run.stdout)")
        let leaks = TodoApp.Secrets.leaks(in: folder, streams: [run.stdout, run.stderr])
        #expect(leaks.isEmpty, "\(leaks)")
    }

    /// The contracts stating other values under the secret names (a placeholder a team committed),
    /// and one body member left out, so replay names a difference at each.
    static func mismatching(_ folder: borrowing SuiteFolder) throws {
        try TodoApp.Secrets.write(into: folder)
        try folder.write(
            "contracts/refresh.json",
            TodoApp.Secrets.refreshContract
                .replacingOccurrences(of: #""api_key": true"#, with: #""api_key": "placeholder""#)
                .replacingOccurrences(of: #""X-Api-Key": true"#, with: #""X-Api-Key": "placeholder""#)
                .replacingOccurrences(of: #""refresh_token": true"#, with: #""refresh_token": "placeholder""#)
                .replacingOccurrences(of: #" "client_secret": true,"#, with: ""))
        try folder.write(
            "contracts/search.json",
            TodoApp.Secrets.searchContract.replacingOccurrences(
                of: #""access_token": true"#, with: #""access_token": "placeholder""#))
    }

    @Test(
        "a mismatch under a secret name is named without its value in every format",
        arguments: ["text", "json", "junit", "github"])
    func mismatchesHideValues(format: String) async throws {
        let folder = try SuiteFolder()
        try Self.mismatching(folder)
        let run = await folder.runInProcess(
            ["verify", "--format", format, "--junit", "report.xml", "--json", "report.json"],
            environment: ["GITHUB_STEP_SUMMARY": folder.url.appendingPathComponent("summary.md").path],
            catalogue: TodoApp.Secrets.catalogue)
        #expect(run.code == .failure, "\(run.stdout)\(run.stderr)")
        let all = run.stdout + run.stderr
        #expect(all.contains("request body .refresh_token: expected a value, client sent another value"), "\(all)")
        #expect(
            all.contains("request body .client_secret: client sent another value, which the contract does not state"))
        #expect(all.contains("X-Api-Key"), "\(all)")
        #expect(all.contains("access_token=(a secret)"), "\(all)")
        let leaks = TodoApp.Secrets.leaks(in: folder, streams: [run.stdout, run.stderr])
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
