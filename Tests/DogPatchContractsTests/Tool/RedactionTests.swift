import ContractTestSupport
import Foundation
import Testing

/// Issue 22, item 4: a password in `--base-url` goes to the server and nowhere else.
@Suite("redaction")
struct RedactionTests {
    @Test("user-info in --base-url reaches no contract, fixture, result line or report")
    func userInfoNeverWritten() throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LiveCommandTests.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let port = try #require(server.baseURL.port)
        let secretBase = "countries=http://alice:pw-s3cret@127.0.0.1:\(port)/v3.1/"
        let add = try folder.run([
            "add", "--live", "--contract", "contracts/peru.json", "--endpoint", "countries.byName",
            "--arguments", #"{"name": "peru"}"#, "--name", "peru", "--base-url", secretBase,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        let verify = try folder.run([
            "verify", "--live", "--base-url", secretBase, "--json", "report.json", "--junit", "report.xml",
        ])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let record = try folder.run(["record", "--base-url", secretBase])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        server.stop()
        let unreachable = try folder.run(["verify", "--live", "--base-url", secretBase, "--format", "json"])
        #expect(unreachable.status == 2)
        #expect(unreachable.stdout.contains("http://127.0.0.1:\(port)/v3.1/name/peru"), "\(unreachable.stdout)")
        var everything = [add, verify, record, unreachable].map { $0.stdout + $0.stderr }.joined()
        for file in ["contracts/peru.json", "report.json", "report.xml"] {
            everything += String(decoding: try folder.read(file), as: UTF8.self)
        }
        #expect(everything.contains("http://127.0.0.1:\(port)/v3.1/name/peru"))
        #expect(!everything.contains("pw-s3cret"))
        #expect(!everything.contains("alice"))
    }
}
