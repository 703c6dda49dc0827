import ContractTestSupport
import Foundation
import Testing

/// Issue 22, items 15, 17 and 19: live names, live arguments and a nightly job that checks something.
@Suite("the live features, trusted")
struct LiveTrustTests {
    static let repository = Repository.root

    @Test("add --live names fixtures after any letters, keeps long names valid, and never reuses a name")
    func fixtureNames() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LiveCommandTests.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        func add(_ name: String) async throws -> ToolRun {
            let created = FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("contracts/peru.json").path)
            return await folder.runInProcess(
                [
                    "add", "--live", "--contract", "contracts/peru.json", "--name", name, "--base-url",
                    LiveCommandTests.countries(server),
                ] + (created ? [] : ["--endpoint", "countries.byName", "--arguments", #"{"name": "peru"}"#]))
        }
        let long = String(repeating: "Überlänge ", count: 60)
        let names = ["Perú", "東京", "¿¡!?", "…", "Perú!", long, long + "2"]
        for name in names {
            let run = try await add(name)
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        let paths = contract.components(separatedBy: #""fixture": ""#).dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(paths.count == names.count)
        #expect(Set(paths).count == names.count, "\(paths)")
        #expect(paths.contains("peru/perú.json"))
        #expect(paths.contains("peru/東京.json"))
        #expect(paths.contains("peru/case.json") && paths.contains("peru/case-2.json"))
        #expect(paths.contains("peru/perú-2.json"))
        for path in paths {
            let file = try #require(path.split(separator: "/").last)
            #expect(file.utf8.count <= 255)
        }
        let verify = await folder.runInProcess(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.cases("PASS").count == names.count)
    }

    @Test("add --live with a wrong argument gets the same diagnostics as add without it")
    func sameArgumentDiagnostics() async throws {
        let folder = try SuiteFolder()
        try folder.write("peru.json", LiveCommandTests.peru)
        let common = [
            "--contract", "contracts/peru.json", "--endpoint", "countries.byName", "--arguments", #"{"nme": "peru"}"#,
            "--name", "peru",
        ]
        let file = await folder.runInProcess(["add", "peru.json"] + common)
        let live = await folder.runInProcess(
            ["add", "--live", "--base-url", "countries=http://127.0.0.1:9/v3.1/"] + common)
        #expect(file.status == 2 && live.status == 2)
        #expect(
            file.stderr.contains(#"unknown key "nme" in "arguments" of countries.byName; did you mean "name"?"#),
            "\(file.stderr)")
        #expect(live.stderr == file.stderr)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/peru.json").path))
    }

    @Test("verify --live with no recorded case selected does not pass")
    func nothingRecorded() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await folder.runInProcess(["verify", "--live"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("no selected case is recorded, so verify --live would check nothing against a server"),
            "\(run.stderr)")
        let filtered = try ToolRun.execute(["verify", "--live", "--filter", "dogpatch"], in: Self.repository)
        #expect(filtered.status == 2)
    }

    /// Issue 30, item 5: the guard belongs to the run as a whole.
    @Test("verify --live --shard I/N passes a shard that holds no recorded case while another shard holds one")
    func shardWithoutRecordedCase() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LiveCommandTests.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        try folder.write("contracts/peru.json", LiveCommandTests.peruContract(url: server.baseURL))
        let base = "countries=\(server.baseURL.absoluteString)v3.1/"
        let whole = await folder.runInProcess(["verify", "--live", "--base-url", base])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        var checked = 0
        for index in 1...4 {
            let shard = await folder.runInProcess(["verify", "--live", "--base-url", base, "--shard", "\(index)/4"])
            #expect(shard.status == 0, "shard \(index)/4: \(shard.stdout)\(shard.stderr)")
            if shard.cases("PASS").isEmpty {
                #expect(shard.stderr.contains("shard \(index)/4 holds no recorded case; the other shards check them"))
            } else {
                checked += shard.cases("PASS").count
            }
        }
        #expect(checked == whole.cases("PASS").count)
        // A run of the whole selection with nothing recorded still fails, sharded or not.
        let none = await folder.runInProcess(["verify", "--live", "--shard", "1/2", "--filter", "good.json"])
        #expect(none.status == 2, "\(none.stdout)\(none.stderr)")
    }

    @Test("the repository's real countries are recorded cases: the nightly job checks them against the server")
    func repositoryRecorded() throws {
        let france = try Data(contentsOf: Self.repository.appendingPathComponent("Fixtures/countries/name-france.json"))
        let unitedStates = try Data(
            contentsOf: Self.repository.appendingPathComponent("Fixtures/countries/united-states.json"))
        let server = try LoopbackServer(routes: [
            "/v3.1/name/france": .respond(status: 200, headers: [("Content-Type", "application/json")], body: france),
            "/v3.1/name/united%20states?fullText=true": .respond(
                status: 200, headers: [("Content-Type", "application/json")], body: unitedStates),
        ])
        defer { server.stop() }
        let run = try ToolRun.execute(
            ["verify", "--live", "--strict", "--base-url", LiveCommandTests.countries(server)], in: Self.repository)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.cases("PASS").count >= 2, "\(run.stdout)")
        #expect(
            run.cases("PASS").contains {
                $0.hasPrefix("PASS  contracts/countries/by-name.json  france  http://127.0.0.1:")
            })
        #expect(
            Set(server.requests.map(\.target)) == ["/v3.1/name/france", "/v3.1/name/united%20states?fullText=true"])
        // And a server whose answer breaks a case fails the nightly run.
        server.route("/v3.1/name/france", .json("[]"))
        let broken = try ToolRun.execute(
            ["verify", "--live", "--base-url", LiveCommandTests.countries(server)], in: Self.repository)
        #expect(broken.status == 1, "\(broken.stdout)")
    }
}
