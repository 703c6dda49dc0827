import ContractTestSupport
import Foundation
import Testing

/// Issue 30, items 1 and 2: a key in `--base-url`'s query, or a password in a `--base-url` that is
/// refused, reaches the server alone: no contract, line, report or message shows it.
@Suite("secrets in --base-url")
struct QuerySecretTests {
    @Test("a key in the base URL's query is sent and never written or printed")
    func queryKeyNeverShown() async throws {
        let server = try LoopbackServer(routes: [
            "/api/v1/dogs": .json(SampleSuite.dogs, headers: [("Content-Type", "application/json")])
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let port = try #require(server.baseURL.port)
        let base = "dogpatch=http://127.0.0.1:\(port)/api/v1/?api_key=K3Y-s3cret"
        let add = await folder.runInProcess([
            "add", "--live", "--contract", "contracts/dogs.json", "--endpoint", "dogpatch.getDogs",
            "--name", "page", "--base-url", base,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        let summary = await folder.runInProcess([
            "verify", "--live", "--base-url", base, "--json", "report.json", "--junit", "r.xml",
        ])
        #expect(summary.status == 0, "\(summary.stdout)\(summary.stderr)")
        let github = await folder.runInProcess(
            ["verify", "--live", "--base-url", base, "--format", "github"],
            environment: ["GITHUB_STEP_SUMMARY": folder.url.appendingPathComponent("step.md").path])
        let json = await folder.runInProcess(["verify", "--live", "--base-url", base, "--format", "json"])
        let record = await folder.runInProcess(["record", "--base-url", base, "--force"])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        server.stop()
        let unreachable = await folder.runInProcess(["verify", "--live", "--base-url", base, "--format", "github"])
        #expect(unreachable.status == 2)

        // The key went to the server: the client keeps the base URL's query.
        #expect(server.requests.contains { $0.target.contains("api_key=K3Y-s3cret") })
        var everything = [add, summary, github, json, record, unreachable].map { $0.stdout + $0.stderr }.joined()
        for file in ["contracts/dogs.json", "report.json", "r.xml", "step.md"] {
            everything += String(decoding: try folder.read(file), as: UTF8.self)
        }
        #expect(everything.contains("http://127.0.0.1:\(port)/api/v1/dogs"))
        #expect(!everything.contains("K3Y-s3cret"))
        #expect(!everything.contains("api_key"))
    }

    @Test("a client that drops the base URL's query says the key was not sent")
    func droppedQueryIsSaid() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LiveCommandTests.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let port = try #require(server.baseURL.port)
        let base = "countries=http://127.0.0.1:\(port)/v3.1/?api_key=K3Y-s3cret"
        let add = await folder.runInProcess([
            "add", "--live", "--contract", "contracts/peru.json", "--endpoint", "countries.byName",
            "--arguments", #"{"name": "peru"}"#, "--name", "peru", "--base-url", base,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains(#"the base URL's query ("api_key") was not sent"#), "\(add.stderr)")
        let verify = await folder.runInProcess(["verify", "--live", "--base-url", base])
        #expect(verify.stderr.contains(#"the base URL's query ("api_key") was not sent"#), "\(verify.stderr)")
        #expect(!server.requests.contains { $0.target.contains("api_key") })
        #expect(!(add.stdout + add.stderr + verify.stdout + verify.stderr).contains("K3Y-s3cret"))
    }

    @Test(
        "a refused --base-url is quoted without its user-info, parsed or not",
        arguments: [
            "countries=https://ci-bot:PA55word@/v3.1/",
            "htps://ci-bot:PA55word@restcountries.com/v3.1/",
            "countries=https://ci-bot:PA55#word@restcountries.com/v3.1/",
            "countries=https://ci-bot:PA55?word@restcountries.com/v3.1/",
            "countries=ftp://ci-bot:PA55word@restcountries.com/v3.1/?api_key=PA55word",
        ])
    func refusedValueHidesPassword(_ value: String) async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await folder.runInProcess(["verify", "--live", "--base-url", value])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--base-url"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("PA55"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("word"), "\(run.stderr)")
    }
}
