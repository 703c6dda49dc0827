import ContractTestSupport
import Foundation
import Testing

/// `add --har`: fixtures and cases from captured traffic, secrets left behind.
@Suite("add --har")
struct AddHARTests {
    static let archives = Repository.root.appendingPathComponent("Tests/DogPatchContractsTests/Add/Archives")

    @Test(
        "an archive mitmproxy wrote: the contract's entry becomes a fixture and a recorded case, nothing secret written"
    )
    func mitmproxy() async throws {
        let archive = String(
            decoding: try Data(contentsOf: Self.archives.appendingPathComponent("mitmproxy-11.0.2.har")), as: UTF8.self)
        let folder = try HARSuite.suite(archive: archive, named: "Downloads/session.har")
        let run = await folder.runInProcess([
            "add", "--har", "Downloads/session.har", "--contract", "contracts/peru.json", "--name",
            "peru from the proxy",
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "captured GET http://127.0.0.1:18931/v3.1/name/peru (HTTP 200, 117 bytes, entry 1) as Fixtures/peru/peru-from-the-proxy.json\n"
            ), "\(run.stdout)")
        #expect(run.stdout.contains("PASS  contracts/peru.json  peru from the proxy\n"))
        #expect(
            run.stderr.contains(
                "warning: entry 2: GET http://127.0.0.1:18931/v3.1/name/atlantis: skipped: not the contract's request: the path is not /v3.1/name/peru"
            ))
        #expect(
            run.stderr.contains(
                "warning: entry 3: GET http://127.0.0.1:18931/v3.1/name/peru?fullText=true: skipped: not the contract's request"
            ))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(
            contract.contains(
                #""recorded": { "url": "http://127.0.0.1:18931/v3.1/name/peru", "at": "2026-11-23T22:41:24.697870+00:00", "from": "session.har" }"#
            ), "\(contract)")
        #expect(contract.contains(#""headers": { "Content-Type": "application/json" }"#))
        let fixture = String(decoding: try folder.read("Fixtures/peru/peru-from-the-proxy.json"), as: UTF8.self)
        #expect(fixture.hasPrefix("[\n  {\n    \"name\": {\n      \"common\": \"Peru\""), "\(fixture)")
        for secret in ["s3cret", "Bearer", "Cookie", "token", "Downloads"] {
            #expect(!contract.contains(secret) && !fixture.contains(secret), "\(secret) was written")
        }
        #expect(await folder.runInProcess(["verify", "--strict"]).status == 0)
    }

    @Test(
        "a browser-style archive: base64 bodies decoded byte for byte, names made and numbered, a captured error kept as seen"
    )
    func browserStyle() async throws {
        let archive = HARSuite.browserStyle([
            try HARSuite.entry(
                url: "https://user:pw@restcountries.com/v3.1/name/peru?utm=x", text: HARSuite.peru, base64: true),
            try HARSuite.entry(
                url: "https://restcountries.com/v3.1/name/peru", status: 500, text: "<h1>oops</h1>",
                contentType: "text/html"),
            try HARSuite.entry(url: "https://restcountries.com/v3.1/all", text: "[]"),
        ])
        let folder = try HARSuite.suite(archive: archive)
        let run = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/peru.json"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS  contracts/peru.json  countries.byName 200\n"), "\(run.stdout)")
        #expect(run.stdout.contains("PASS  contracts/peru.json  countries.byName 500\n"))
        #expect(try folder.read("Fixtures/peru/countries-byname-200.json") == .laidOut(HARSuite.peru))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(
            contract.contains(
                #""url": "https://restcountries.com/v3.1/name/peru", "at": "2026-11-20T09:15:02.417Z", "from": "capture.har""#
            ), "\(contract)")
        #expect(contract.contains(#""headers": { "Content-Type": "text/html" }"#))
        #expect(!contract.contains("pw@") && !contract.contains("utm") && !contract.lowercased().contains("cookie"))
        // Again: the names are taken now, so the next ones are numbered.
        let again = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/peru.json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("PASS  contracts/peru.json  countries.byName 200 2\n"), "\(again.stdout)")
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("Fixtures/peru/countries-byname-200-2.json").path))
        // The captured 500 is never asked for again, nor written over.
        let live = await folder.runInProcess([
            "verify", "--live", "--base-url", "countries=http://127.0.0.1:9/v3.1/", "--timeout", "2",
        ])
        #expect(
            live.stdout.contains("SKIP  contracts/peru.json  countries.byName 500  (captured error)"), "\(live.stdout)")
        let record = await folder.runInProcess([
            "record", "--base-url", "countries=http://127.0.0.1:9/v3.1/", "--timeout", "2",
        ])
        #expect(
            record.stdout.contains("SKIPPED   contracts/peru.json  countries.byName 500\n  skipped: captured error"),
            "\(record.stdout)")
    }

    @Test("an archive Firefox exported: the answer and a captured 500 become cases; Firefox's fields are read past")
    func firefox() async throws {
        let archive = String(
            decoding: try Data(contentsOf: Self.archives.appendingPathComponent("firefox-153.7.0esr.har")),
            as: UTF8.self)
        let folder = try HARSuite.suite(archive: archive)
        try folder.write(
            "contracts/peru500.json",
            #"{"endpoint": "countries.byName", "arguments": {"name": "peru500"}, "cases": [{"name": "offline", "response": {"networkError": "timedOut"}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        let peru = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/peru.json"])
        #expect(peru.status == 0, "\(peru.stdout)\(peru.stderr)")
        #expect(
            peru.stdout.hasPrefix("captured GET http://127.0.0.1:18931/v3.1/name/peru (HTTP 200, 117 bytes, entry 2)"),
            "\(peru.stdout)")
        #expect(peru.stderr.contains("warning: entry 5: GET http://127.0.0.1:18931/favicon.ico: skipped"))
        let failing = await folder.runInProcess([
            "add", "--har", "capture.har", "--contract", "contracts/peru500.json", "--name", "bad gateway",
        ])
        #expect(failing.status == 0, "\(failing.stdout)\(failing.stderr)")
        // Issue 32, finding 10: a non-2xx case's name carries its status, its fixture the type's extension.
        #expect(failing.stdout.contains("PASS  contracts/peru500.json  bad gateway 500\n"), "\(failing.stdout)")
        #expect(failing.stdout.contains(" as Fixtures/peru500/bad-gateway-500.html\n"), "\(failing.stdout)")
        let contract = String(decoding: try folder.read("contracts/peru500.json"), as: UTF8.self)
        #expect(
            contract.contains(#""response": { "status": 500, "headers": { "Content-Type": "text/html" }"#),
            "\(contract)")
        #expect(contract.contains(#""expect": { "error": "responseUnsuccessful", "status": 500 }"#))
        let everything = [contract, String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)].joined()
        #expect(!everything.contains("s3cret") && !everything.contains("token") && !everything.contains("Mozilla"))
        #expect(await folder.runInProcess(["verify", "--strict"]).status == 0)
    }

    /// Issue 32, finding 10: the refusal says how to make the contract.
    @Test("add --har on a contract that does not exist says how to make one, and writes nothing")
    func missingContract() async throws {
        let folder = try HARSuite.suite(
            archive: HARSuite.browserStyle([
                try HARSuite.entry(url: "https://restcountries.com/v3.1/name/chile", text: HARSuite.peru)
            ]))
        let run = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/chile.json"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"error: contracts/chile.json does not exist; add --har adds cases to an existing endpoint contract: make it first with "add FILE --contract contracts/chile.json --endpoint ENDPOINT --arguments JSON --name NAME""#
            ), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/chile.json").path))
    }

    @Test("--name, --entry, --filter and --dry-run", .timeLimit(.minutes(1)))
    func selection() async throws {
        let archive = HARSuite.browserStyle([
            try HARSuite.entry(url: "https://a.example/v3.1/name/peru", text: HARSuite.peru),
            try HARSuite.entry(url: "https://b.example/v3.1/name/peru", text: HARSuite.peru),
        ])
        let folder = try HARSuite.suite(archive: archive)
        let before = try SuiteSnapshot.files(folder)
        let dry = await folder.runInProcess([
            "add", "--har", "capture.har", "--contract", "contracts/peru.json", "--name", "seen", "--dry-run",
        ])
        #expect(dry.status == 0)
        #expect(
            dry.stdout == """
                would add case "seen" from entry 1 (HTTP 200, 45 bytes) as Fixtures/peru/seen.json
                would add case "seen 2" from entry 2 (HTTP 200, 45 bytes) as Fixtures/peru/seen.json
                dry run: nothing was written

                """, "\(dry.stdout)")
        #expect(try SuiteSnapshot.files(folder) == before)
        let filtered = await folder.runInProcess([
            "add", "--har", "capture.har", "--contract", "contracts/peru.json", "--filter", "B.EXAMPLE",
        ])
        #expect(filtered.status == 0)
        #expect(filtered.stdout.contains("(HTTP 200, 45 bytes, entry 2)"))
        #expect(
            filtered.stderr.contains(
                "entry 1: GET https://a.example/v3.1/name/peru: skipped: its URL does not contain \"B.EXAMPLE\""))
        let one = await folder.runInProcess([
            "add", "--har", "capture.har", "--contract", "contracts/peru.json", "--entry", "1", "--name", "first",
        ])
        #expect(one.status == 0)
        #expect(one.stdout.contains("PASS  contracts/peru.json  first\n"))
    }

    @Test(
        "bad archives and selections exit 2 naming the file, line and column or the entry, and leave the suite as it was",
        arguments: [
            (
                "{\"log\": {\"version\": \"1.2\", \"entries\": [",
                "capture.har:1:40: error: not a HAR archive: invalid JSON"
            ),
            ("[1, 2]", "capture.har:1:1: error: not a HAR archive: no \"log\" object"),
            (
                "{\"log\": {\"version\": \"1.0\", \"entries\": []}}",
                "capture.har:1:21: error: HAR version \"1.0\" is not 1.2"
            ),
            (
                "{\"log\": {\"version\": \"1.2\", \"entries\": [{\"request\": {}}]}}",
                "capture.har:1:40: error: entry 1: no \"request\" or no \"response\""
            ),
            (
                "{\"log\": {\"version\": \"1.2\", \"entries\": [{\"startedDateTime\": \"2026-11-20T09:15:02Z\", \"request\": {\"method\": \"GET\", \"url\": \"https://x.test/v3.1/name/peru\"}, \"response\": {\"status\": 200, \"content\": {\"size\": 5}}}]}}",
                "error: entry 1: the response has no \"content.text\""
            ),
            (
                "{\"log\": {\"version\": \"1.2\", \"entries\": []}}",
                "error: no entry of capture.har is the contract's request; nothing was added"
            ),
        ])
    func badArchives(text: String, message: String) async throws {
        let folder = try HARSuite.suite(archive: text)
        let before = try SuiteSnapshot.files(folder)
        let run = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/peru.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try SuiteSnapshot.files(folder) == before)
    }

    @Test("an entry whose body is over the fixture limit is refused naming the entry, and nothing is written")
    func overLimit() async throws {
        // The limit is the engine's 64 MiB, so the body must pass it; it is brackets and spaces,
        // which JSON needs no escape for, so it goes into the archive quoted as it is (quoting it
        // with JSONSerialization took longer than the tool's whole run).
        let big = "[" + String(repeating: " ", count: (64 << 20) + 16) + "]"
        let entry = HARSuite.entry(
            url: "https://x.test/v3.1/name/peru", quotedText: "\"" + big + "\"", size: big.utf8.count)
        let folder = try HARSuite.suite(archive: HARSuite.browserStyle([entry]))
        let before = try SuiteSnapshot.files(folder)
        let run = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/peru.json"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "error: entry 1: its body is \((64 << 20) + 18) bytes, over the fixture limit of \(64 << 20) bytes"),
            "\(run.stderr.prefix(500))")
        #expect(try SuiteSnapshot.files(folder) == before)
    }

    @Test("--entry out of range, or an entry that is not the contract's request, exits 2 and writes nothing")
    func badEntry() async throws {
        let folder = try HARSuite.suite(
            archive: HARSuite.browserStyle([try HARSuite.entry(url: "https://x.test/v3.1/all", text: "[]")]))
        let before = try SuiteSnapshot.files(folder)
        let out = await folder.runInProcess([
            "add", "--har", "capture.har", "--contract", "contracts/peru.json", "--entry", "3",
        ])
        #expect(out.status == 2)
        #expect(out.stderr.contains("error: --entry 3: capture.har has 1 entries; nothing was added"), "\(out.stderr)")
        let wrong = await folder.runInProcess([
            "add", "--har", "capture.har", "--contract", "contracts/peru.json", "--entry", "1",
        ])
        #expect(wrong.status == 2)
        #expect(
            wrong.stderr.contains(
                "error: entry 1: GET https://x.test/v3.1/all is not the contract's request: the path is not /v3.1/name/peru"
            ), "\(wrong.stderr)")
        let missing = await folder.runInProcess(["add", "--har", "capture.har", "--contract", "contracts/none.json"])
        #expect(missing.status == 2)
        #expect(try SuiteSnapshot.files(folder) == before)
    }
}
