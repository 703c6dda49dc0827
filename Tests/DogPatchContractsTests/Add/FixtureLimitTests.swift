import ContractTestSupport
import Foundation
import Testing

/// Issue 38, item 9: a body laid out for review never becomes a fixture over the 64 MiB limit:
/// where the layout would pass it, the body is kept as received, and the tool says so.
@Suite("laid-out fixtures stay within the fixture limit")
struct FixtureLimitTests {
    static let note = "kept as received: laid out for review it would pass the fixture limit of 67108864 bytes (64 MiB)"

    @Test("add --live keeps a deeply nested answer as received where its layout would pass the limit, and says so")
    func addLive() throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/deep": .json(LaidOutLimit.overFixtureLimit)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let run = try folder.run([
            "add", "--live", "--contract", "contracts/deep.json", "--endpoint", "countries.byName",
            "--arguments", #"{"name": "deep"}"#, "--name", "deep", "--base-url", LiveCommandTests.countries(server),
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(Self.note), "\(run.stderr)")
        #expect(try folder.read("Fixtures/deep/deep.json") == Data(LaidOutLimit.overFixtureLimit.utf8))
        let verify = try folder.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test("add --har keeps such an entry's body as received, says so, and every case written verifies")
    func addHAR() throws {
        let folder = try HARSuite.suite(
            archive: HARSuite.browserStyle([
                try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: LaidOutLimit.overFixtureLimit),
                try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: HARSuite.peru),
            ]))
        let run = try folder.run(["add", "--har", "capture.har", "--contract", "contracts/peru.json", "--name", "seen"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("entry 1: https://a.example/v3.1/name/peru: \(Self.note)"), "\(run.stderr)")
        #expect(try folder.read("Fixtures/peru/seen.json") == Data(LaidOutLimit.overFixtureLimit.utf8))
        #expect(try folder.read("Fixtures/peru/seen-2.json") == .laidOut(HARSuite.peru))
        let verify = try folder.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
