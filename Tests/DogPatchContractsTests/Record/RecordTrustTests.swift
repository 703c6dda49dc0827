import ContractTestSupport
import Foundation
import Testing

/// Issue 22, items 1, 2, 10 and 16: what `record` may write.
@Suite("record writes only what it must")
struct RecordTrustTests {
    static let json = "application/json; charset=utf-8"

    /// A recorded peru case with its headers, plus any cases given.
    static func contract(
        _ server: LoopbackServer, headers: String = #"{ "Content-Type": "application/json; charset=utf-8" }"#,
        skip: Bool = false, more: String = ""
    ) -> String {
        """
        {
          "endpoint": "countries.byName",
          "arguments": { "name": "peru" },
          "cases": [
            { "name": "peru",\(skip ? #" "skip": "the server is down this week","# : "")
              "response": { "status": 200, "headers": \(headers), "fixture": "countries/peru.json" },
              "recorded": { "url": "\(server.baseURL.absoluteString)v3.1/name/peru", "at": "2026-11-01T08:00:00Z" },
              "expect": { "decodes": true } }\(more)
          ]
        }
        """
    }

    @Test("an answer identical to the recording writes nothing, not even the stamp")
    func unchangedWritesNothing() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LiveCommandTests.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        try folder.write("contracts/peru.json", Self.contract(server))
        let contractFile = folder.url.appendingPathComponent("contracts/peru.json").path
        let before = (
            try folder.read("contracts/peru.json"),
            try FileManager.default.attributesOfItem(atPath: contractFile)[.modificationDate] as? Date
        )
        let run = await folder.runInProcess(["record", "--base-url", LiveCommandTests.countries(server)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("UNCHANGED contracts/peru.json  peru  "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("0 recorded, 1 unchanged, 0 forced, 0 failed, 0 skipped, 0 errors\n"))
        #expect(try folder.read("contracts/peru.json") == before.0)
        #expect(try FileManager.default.attributesOfItem(atPath: contractFile)[.modificationDate] as? Date == before.1)
        #expect(try folder.read("Fixtures/countries/peru.json") == Data(LiveCommandTests.peru.utf8))
    }

    @Test("a skipped recorded case is never asked for and never written, whatever the server sends")
    func skippedNeverWritten() async throws {
        let html = "<html><body>Internal Server Error</body></html>"
        let server = try LoopbackServer(routes: [
            "/v3.1/name/peru": .respond(status: 500, headers: [("Content-Type", "text/html")], body: Data(html.utf8))
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        try folder.write("contracts/peru.json", Self.contract(server, skip: true))
        let before = try folder.read("contracts/peru.json")
        let run = await folder.runInProcess(["record", "--base-url", LiveCommandTests.countries(server)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "SKIPPED   contracts/peru.json  peru\n  skipped: the server is down this week; not asked for, not written\n"
            ), "\(run.stdout)")
        #expect(try folder.read("Fixtures/countries/peru.json") == Data(LiveCommandTests.peru.utf8))
        #expect(try folder.read("contracts/peru.json") == before)
        #expect(server.requests.isEmpty)
    }

    @Test("a new answer that breaks a hand-written case reading the same fixture is not written")
    func sharedFixtureChecked() async throws {
        let two = #"[{"name": {"common": "Peru"}, "cca3": "PER"}, {"name": {"common": "Peru 2"}, "cca3": "PE2"}]"#
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(two)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        try folder.write("contracts/peru.json", Self.contract(server))
        try folder.write(
            "contracts/hand.json",
            """
            { "model": "[Country]", "cases": [
              { "name": "exactly one peru", "response": { "fixture": "countries/peru.json" }, "expect": { "decodes": true, "count": 1 } } ] }
            """)
        let before = (try folder.read("contracts/peru.json"), try folder.read("Fixtures/countries/peru.json"))
        // Only the recorded contract is selected; the hand-written one is checked all the same.
        let run = await folder.runInProcess([
            "record", "contracts/peru.json", "--base-url", LiveCommandTests.countries(server),
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains(
                "  not written: the new answer does not satisfy every case that reads Fixtures/countries/peru.json (--force writes it)\n"
            ),
            "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "contracts/hand.json:2:3: error: Fixtures/countries/peru.json is read by the case \"exactly one peru\" too, which fails with the new answer: expected 1 element, decoded 2"
            ), "\(run.stderr)")
        #expect(try folder.read("contracts/peru.json") == before.0)
        #expect(try folder.read("Fixtures/countries/peru.json") == before.1)
    }

    @Test(
        "the headers a case keeps are the server's new ones: a changed Content-Type is updated, a header no longer sent is dropped"
    )
    func headersFollowTheBody() async throws {
        let server = try LoopbackServer(routes: [
            "/v3.1/name/peru": .respond(
                status: 200, headers: [("Content-Type", "application/vnd.api+json")],
                body: Data(LiveCommandTests.peru.utf8))
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", #"[{"name": {"common": "Peru"}}]"#)
        try folder.write(
            "contracts/peru.json",
            Self.contract(server, headers: #"{ "Content-Type": "application/json", "X-Request-Id": "abc" }"#))
        let run = await folder.runInProcess(["record", "--base-url", LiveCommandTests.countries(server)])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("  header Content-Type: \"application/vnd.api+json\", was \"application/json\"\n"),
            "\(run.stdout)")
        #expect(run.stdout.contains("  header X-Request-Id: no longer sent, was \"abc\"\n"))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(
            contract.contains(
                #""headers": { "Content-Type": "application/vnd.api+json" }, "fixture": "countries/peru.json""#),
            "\(contract)")
        #expect(!contract.contains("X-Request-Id"))
        #expect(try folder.read("Fixtures/countries/peru.json") == .laidOut(LiveCommandTests.peru))
        #expect(await folder.runInProcess(["verify"]).status == 0)
    }

    /// Issue 30, item 4: a case added while `record` waits for the suite's lock is checked too.
    @Test("a case added while record waits for the lock is checked under the lock: record refuses to break it")
    func checkedAgainUnderTheLock() async throws {
        let changed = LiveCommandTests.peru.replacingOccurrences(of: #""area":1285216"#, with: #""area":1"#)
        try #require(changed != LiveCommandTests.peru)
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(changed)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        try folder.write("contracts/peru.json", Self.contract(server))
        let lock = HeldSuiteLock(folder.url)
        let record = try RunningTool(
            ["record", "--base-url", LiveCommandTests.countries(server)], in: folder.url)
        #expect(record.waitForStandardError(containing: "waiting for the suite's lock"))
        // What an add that took the lock first writes: a case reading the same fixture, which the
        // new answer breaks.
        try folder.write(
            "contracts/peru-area.json",
            #"{"model": "[Country]", "cases": [{"name": "area", "response": {"fixture": "countries/peru.json"}, "expect": {"decodes": true, "values": {"[0].area": 1285216}}}]}"#
        )
        _ = consume lock
        let ended = try #require(record.wait(killingAfter: 30))
        #expect(ended.status == 1)
        #expect(try folder.read("Fixtures/countries/peru.json") == Data(LiveCommandTests.peru.utf8))
        let verify = await folder.runInProcess(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// Issue 38, item 9: a new answer whose layout would pass the fixture limit is written as
    /// received, and the line says so; every later run reads the fixture.
    @Test("record writes an answer as received where its layout would pass the fixture limit, and says so")
    func layoutOverTheLimit() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LaidOutLimit.overFixtureLimit)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        try folder.write("contracts/peru.json", Self.contract(server))
        let run = await folder.runInProcess(["record", "--base-url", LiveCommandTests.countries(server)])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("RECORDED  contracts/peru.json  peru  "), "\(run.stdout)")
        #expect(run.stdout.contains(FixtureLimitTests.note), "\(run.stdout)")
        #expect(try folder.read("Fixtures/countries/peru.json") == Data(LaidOutLimit.overFixtureLimit.utf8))
        let verify = await folder.runInProcess(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// Issue 38, item 10: as verify, a selection of nothing is an error, not a warning.
    @Test("record with a --filter that selects no case exits 2, asks nothing and writes nothing")
    func selectsNothing() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(LiveCommandTests.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", "[]")
        try folder.write("contracts/peru.json", Self.contract(server))
        let before = try SuiteSnapshot.files(folder)
        let run = await folder.runInProcess([
            "record", "--filter", "no such case", "--base-url", LiveCommandTests.countries(server),
        ])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(#"error: no case matches --filter "no such case"; nothing was recorded"#),
            "\(run.stderr)")
        #expect(server.requests.isEmpty)
        #expect(try SuiteSnapshot.files(folder) == before)
    }
}
