import ContractTestSupport
import Foundation
import Testing

/// `add --live`, `verify --live` and `record`, end to end, against loopback servers the tests
/// start and stop; nothing reaches past 127.0.0.0/8.
@Suite("the server side, end to end")
struct LiveCommandTests {
    /// Peru as the real data set has it, as the server sends it.
    static let peru: String = {
        let url = Repository.root.appendingPathComponent("Fixtures/countries/restcountries-v3.1.json")
        guard let data = try? Data(contentsOf: url),
            let records = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
            let record = records.first(where: { $0["cca3"] as? String == "PER" }),
            let one = try? JSONSerialization.data(withJSONObject: [record], options: [.sortedKeys])
        else { return "[]" }
        return String(decoding: one, as: UTF8.self)
    }()

    /// A recorded `countries.byName` contract for peru, with a hand-made 404 beside it.
    static func peruContract(url: URL) -> String {
        """
        {
          "endpoint": "countries.byName",
          "arguments": { "name": "peru" },
          "cases": [
            { "name": "peru",
              "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "fixture": "countries/peru.json" },
              "recorded": { "url": "\(url.absoluteString)v3.1/name/peru", "at": "2026-11-01T08:00:00Z" },
              "expect": { "decodes": true, "count": 1, "values": { "[0].cca3": "PER" } } },
            { "name": "unknown", "response": { "status": 404 }, "expect": { "error": "responseUnsuccessful", "status": 404 } }
          ]
        }
        """
    }

    static func countries(_ server: LoopbackServer) -> String { "countries=\(server.baseURL.absoluteString)v3.1/" }

    @Test(
        "add --live --raw records peru as the server sent it: body, status, Content-Type and the stamp, never a cookie"
    )
    func addPeru() async throws {
        let server = try LoopbackServer(routes: [
            "/v3.1/name/peru": .json(Self.peru, headers: [("Set-Cookie", "session=s3cret"), ("X-Request-Id", "abc")])
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let run = await folder.runInProcess([
            "add", "--live", "--contract", "contracts/countries/by-name-peru.json", "--endpoint", "countries.byName",
            "--arguments", #"{"name": "peru"}"#, "--name", "peru", "--base-url", Self.countries(server),
            "--keep-header", "Set-Cookie", "--keep-header", "X-Request-Id", "--raw",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "recorded GET \(server.baseURL.absoluteString)v3.1/name/peru (HTTP 200, \(Self.peru.utf8.count) bytes) as Fixtures/countries/by-name-peru/peru.json\n"
            ), "\(run.stdout)")
        #expect(run.stdout.contains("PASS  contracts/countries/by-name-peru.json  peru\n"))
        #expect(
            run.stderr.contains(
                "warning: --keep-header Set-Cookie: a Set-Cookie header is never written into a contract"))
        #expect(try folder.read("Fixtures/countries/by-name-peru/peru.json") == Data(Self.peru.utf8))
        let contract = String(decoding: try folder.read("contracts/countries/by-name-peru.json"), as: UTF8.self)
        #expect(
            contract.contains(
                #""response": { "status": 200, "headers": { "Content-Type": "application/json; charset=utf-8", "X-Request-Id": "abc" }, "fixture": "countries/by-name-peru/peru.json" }"#
            ), "\(contract)")
        #expect(
            contract.contains(#""recorded": { "url": "\#(server.baseURL.absoluteString)v3.1/name/peru", "at": "20"#))
        #expect(!contract.lowercased().contains("cookie") && !contract.contains("s3cret"))
        #expect(server.requests.map(\.target) == ["/v3.1/name/peru"])
        #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
    }

    /// Issue 29, build item 3: the live answer goes through the same view of what the client gets
    /// as a capture does.
    @Test("add --live keeps the body the client gets: decompressed where it came compressed, none for a 304")
    func clientView() async throws {
        let chile = #"[{"name": {"common": "Chile"}}]"#
        let gzipped = try #require(
            Data(base64Encoded: "H4sIAAAAAAACA4uuVspLzE1VslKoVkrOz83NzwMylZwzMnNSlWprYwFCaqd/HwAAAA=="))
        let server = try LoopbackServer(routes: [
            "/v3.1/name/chile": .respond(
                status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: gzipped),
            "/v3.1/name/peru": .respond(status: 304, headers: [("ETag", "\"v1\"")], body: Data()),
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        func add(_ name: String) async throws -> ToolRun {
            await folder.runInProcess([
                "add", "--live", "--contract", "contracts/\(name).json", "--endpoint", "countries.byName",
                "--arguments", #"{"name": "\#(name)"}"#, "--name", name, "--base-url", Self.countries(server),
            ])
        }
        let compressed = try await add("chile")
        #expect(compressed.status == 0, "\(compressed.stderr)")
        #expect(compressed.stdout.contains("as Fixtures/chile/chile.json"), "\(compressed.stdout)")
        #expect(try folder.read("Fixtures/chile/chile.json") == .laidOut(chile))
        let notModified = try await add("peru")
        #expect(notModified.status == 2)
        #expect(
            notModified.stderr.contains(
                "HTTP 304 Not Modified: the client gets its cached answer, so there is no answer to keep; nothing was added"
            ),
            "\(notModified.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/peru.json").path))
    }

    /// Issue 32, finding 1: the docs' `add --live` after the walk-through repeats the contract's
    /// own endpoint and arguments; other arguments are refused before any request is sent.
    @Test("add --live to an existing contract takes its own --endpoint and --arguments, and refuses others unsent")
    func existingContractArguments() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(Self.peru)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        func add(_ name: String, arguments: String) async throws -> ToolRun {
            await folder.runInProcess([
                "add", "--live", "--contract", "contracts/peru.json", "--endpoint", "countries.byName",
                "--arguments", arguments, "--name", name, "--base-url", Self.countries(server),
            ])
        }
        #expect(try await add("first", arguments: #"{"name": "peru"}"#).status == 0)
        let again = try await add("again", arguments: #"{ "name" : "peru" }"#)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.requests.count == 2)
        let other = try await add("chile", arguments: #"{"name": "chile"}"#)
        #expect(other.status == 2)
        #expect(
            other.stderr.contains(
                #"error: --arguments {"name": "chile"} differ from the arguments contracts/peru.json already has; leave --arguments out to use its own"#
            ), "\(other.stderr)")
        #expect(server.requests.count == 2, "nothing is sent before the arguments are checked")
        let withFile = await folder.runInProcess([
            "add", "Fixtures/peru/first.json", "--contract", "contracts/peru.json", "--arguments", #"{"name": "peru"}"#,
            "--name", "from a file",
        ])
        #expect(withFile.status == 0, "\(withFile.stderr)")
    }

    @Test("add --live records a dog page, a 404 and a 500, each with its status and the outcome observed")
    func addPagesAndErrors() async throws {
        let page =
            #"[{"id": "11111111-2222-4333-8444-555555555555", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA", "about": "a", "breed": "Pug", "name": "Noodle", "birthday": 1, "created": 2, "breederRating": 4.2, "cost": 850, "imageURL": "https://img.test/n.png"}]"#
        let server = try LoopbackServer(routes: ["/api/v1/dogs": .json(page)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        func add(_ name: String) async throws -> ToolRun {
            await folder.runInProcess([
                "add", "--live", "--contract", "contracts/dogs.json", "--endpoint", "dogpatch.getDogs", "--name", name,
                "--base-url", "dogpatch=\(server.baseURL.absoluteString)api/v1/",
            ])
        }
        #expect(try await add("page").status == 0)
        server.route("/api/v1/dogs", .json(#"{"status":404}"#, status: 404))
        let missing = try await add("missing")
        #expect(missing.status == 0, "\(missing.stderr)")
        server.route("/api/v1/dogs", .json(#"{"error":"boom"}"#, status: 500))
        #expect(try await add("broken").status == 0)
        let contract = String(decoding: try folder.read("contracts/dogs.json"), as: UTF8.self)
        #expect(
            contract.contains(
                #""response": { "status": 404, "headers": { "Content-Type": "application/json; charset=utf-8" }, "fixture": "dogs/missing.json" }"#
            ),
            "\(contract)")
        #expect(contract.contains(#""expect": { "error": "responseUnsuccessful", "status": 500 }"#))
        #expect(try folder.read("Fixtures/dogs/broken.json") == .laidOut(#"{"error":"boom"}"#))
        #expect(try folder.read("Fixtures/dogs/page.json") == .laidOut(page))
        let verify = await folder.runInProcess(["verify", "--strict"])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test("a failed live request writes nothing and says which URL and why")
    func addNothingOnFailure() async throws {
        let closed = try LoopbackServer()
        let base = closed.baseURL.absoluteString
        closed.stop()
        let folder = try SuiteFolder()
        let run = await folder.runInProcess([
            "add", "--live", "--contract", "contracts/c.json", "--endpoint", "countries.byName",
            "--arguments", #"{"name": "peru"}"#, "--name", "peru", "--base-url", "\(base)v3.1/",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "error: GET \(base)v3.1/name/peru: could not connect: the connection was refused; nothing was added\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/c.json").path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("Fixtures").path)
                .isEmpty)
    }

    @Test("verify --live checks recorded cases against the server, skips the others, and reports each kind of drift")
    func verifyLiveDrift() async throws {
        let fixture =
            #"[{"name": {"common": "Peru"}, "cca3": "PER", "area": 1285216.0, "car": {"signs": ["PE"], "side": "right"}}]"#
        let drifted =
            #"[{"name": {"common": "Peru"}, "cca3": "PER", "area": "1285216", "car": {"side": "right"}, "fifa": "PER", "extra": 1}]"#
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(drifted)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", fixture)
        try folder.write("contracts/peru.json", Self.peruContract(url: server.baseURL))
        let plain = await folder.runInProcess(["verify"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(server.requests.isEmpty, "plain verify sends nothing")
        let run = await folder.runInProcess(["verify", "--live", "--base-url", Self.countries(server), "--no-replay"])
        // The area now arrives as a string, which the model refuses: the case fails as it would with that fixture.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "FAIL  contracts/peru.json  peru  \(server.baseURL.absoluteString)v3.1/name/peru\nSKIP  contracts/peru.json  unknown  (not recorded)\n"
            ),
            "\(run.stdout)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
        #expect(
            warnings == [
                "Fixtures/countries/peru.json:1:54: warning: [*].area: number in the fixture, string from the server",
                "Fixtures/countries/peru.json:1:73: warning: [*].car.signs: the server no longer sends this key",
                "Fixtures/countries/peru.json:1:2: warning: [*].fifa: the server now sends this key",
                "Fixtures/countries/peru.json:1:2: warning: [*].extra: the server now sends this key",
            ], "\(run.stderr)")
        server.route(
            "/v3.1/name/peru",
            .json(#"[{"name": {"common": "Peru"}, "cca3": "PER", "area": 1285216.0, "fifa": "PER", "extra": 1}]"#))
        let readable = await folder.runInProcess([
            "verify", "--live", "--base-url", Self.countries(server), "--format", "json",
        ])
        #expect(readable.status == 0, "\(readable.stderr)")
        #expect(readable.stderr.contains("[*].fifa: the server now sends this key (the model reads it)"))
        #expect(readable.stderr.contains("[*].extra: the server now sends this key (the model never reads it)"))
        #expect(readable.stdout.contains(#""url":"\#(server.baseURL.absoluteString)v3.1/name/peru""#))
        let strict = await folder.runInProcess([
            "verify", "--live", "--strict", "--base-url", Self.countries(server), "--junit", "live.xml",
        ])
        #expect(strict.status == 1)
        let junit = String(decoding: try folder.read("live.xml"), as: UTF8.self)
        #expect(junit.contains(#"<property name="url" value="\#(server.baseURL.absoluteString)v3.1/name/peru"/>"#))
    }

    @Test(
        "an unreachable server, a slow one, a body over the limit and a redirect to another host are errors; the rest still run"
    )
    func verifyLiveFailures() async throws {
        let other = try LoopbackServer(host: "127.0.0.2", routes: ["/v3.1/name/peru": .json(Self.peru)])
        defer { other.stop() }
        let server = try LoopbackServer(routes: [
            "/v3.1/name/peru": .redirect(to: "http://127.0.0.2:\(other.port)/v3.1/name/peru"),
            "/v3.1/name/chile": .hang,
            "/v3.1/name/big": .stream(bytes: 80 << 20),
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", Self.peru)
        for name in ["peru", "chile", "big"] {
            try folder.write(
                "contracts/\(name).json",
                Self.peruContract(url: server.baseURL).replacingOccurrences(
                    of: #""name": "peru" }"#, with: #""name": "\#(name)" }"#))
        }
        // 80 MiB without a Content-Length: refused once the body passes 64 MiB. A long timeout, so that on a
        // loaded machine the limit, not the clock, ends the download (the default 10 s once did).
        let big = await folder.runInProcess([
            "verify", "--live", "--timeout", "300", "--base-url", Self.countries(server), "contracts/big.json",
        ])
        #expect(big.status == 2)
        let run = await folder.runInProcess([
            "verify", "--live", "--timeout", "1", "--base-url", Self.countries(server), "contracts/peru.json",
            "contracts/chile.json", "contracts/big.json",
        ])
        #expect(run.status == 2)
        let base = server.baseURL.absoluteString
        #expect(
            big.stderr.contains(
                "contracts/big.json:7:19: error: GET \(base)v3.1/name/big: the body passed the limit of 67108864 bytes (64 MiB) and was refused"
            ),
            "\(big.stderr)")
        #expect(
            run.stderr.contains(
                "contracts/chile.json:7:19: error: GET \(base)v3.1/name/chile: no complete answer within 1 s (--timeout)"
            ))
        #expect(
            run.stderr.contains(
                "contracts/peru.json:7:19: error: GET \(base)v3.1/name/peru: the server redirects to http://127.0.0.2:\(other.port)/v3.1/name/peru, another host; the redirect was not followed"
            ))
        #expect(other.requests.isEmpty, "the other host is never asked")
        #expect(run.stdout.contains("SKIP  contracts/peru.json  unknown  (not recorded)"))
        #expect(run.stdout.hasSuffix("0 passed, 0 failed, 3 errors, 3 skipped\n"), "\(run.stdout)")
    }

    @Test("record refuses a breaking change and writes nothing, then --force writes it and lists what now fails")
    func recordBreaking() async throws {
        let server = try LoopbackServer(routes: [
            "/v3.1/name/peru": .json(#"[{"name": {"common": "Peru"}, "cca3": "PER"}, {"cca3": "XXX"}]"#)
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/peru.json", Self.peru)
        try folder.write("contracts/peru.json", Self.peruContract(url: server.baseURL))
        let before = (try folder.read("contracts/peru.json"), try folder.read("Fixtures/countries/peru.json"))
        let refused = await folder.runInProcess(["record", "--base-url", Self.countries(server)])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.contains(
                "FAILED    contracts/peru.json  peru  \(server.baseURL.absoluteString)v3.1/name/peru\n"),
            "\(refused.stdout)")
        #expect(
            refused.stdout.contains(
                "  outcome: a decoded [Country] of 2 elements, was a decoded [Country] of 1 element\n"))
        #expect(
            refused.stdout.contains(
                "  not written: the new answer does not satisfy the case's \"expect\" (--force writes it)\n"))
        #expect(refused.stderr.contains("error: expected 1 element, decoded 2"), "\(refused.stderr)")
        #expect(try folder.read("contracts/peru.json") == before.0)
        #expect(try folder.read("Fixtures/countries/peru.json") == before.1)
        let forced = await folder.runInProcess(["record", "--force", "--base-url", Self.countries(server)])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("FORCED    contracts/peru.json  peru"))
        #expect(
            forced.stdout.contains(
                "  expectation that now fails: contracts/peru.json:8:45: error: expected 1 element, decoded 2\n"),
            "\(forced.stdout)")
        #expect(
            try folder.read("Fixtures/countries/peru.json")
                == .laidOut(#"[{"name": {"common": "Peru"}, "cca3": "PER"}, {"cca3": "XXX"}]"#))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        let original = String(decoding: before.0, as: UTF8.self)
        #expect(!contract.contains("2026-11-01T08:00:00Z"), "the stamp is new")
        // Only the stamp and the Content-Type the server now sends changed: the rest of the file
        // is as it was, byte for byte.
        let headers = #""headers": { "Content-Type": "application/json" }"#
        #expect(original.contains(headers))
        let sameHeaders = contract.replacingOccurrences(
            of: #""headers": { "Content-Type": "application/json; charset=utf-8" }"#, with: headers)
        let stamp = try #require(sameHeaders.range(of: #""recorded": \{[^}]*\}"#, options: .regularExpression))
        let oldStamp = try #require(original.range(of: #""recorded": \{[^}]*\}"#, options: .regularExpression))
        #expect(sameHeaders[..<stamp.lowerBound] == original[..<oldStamp.lowerBound])
        #expect(sameHeaders[stamp.upperBound...] == original[oldStamp.upperBound...])
    }

    /// Issue 32, finding 12: a server answering `[]` is one line, not one per key the elements had;
    /// a JSON endpoint answered with another media type is said.
    @Test("record says once that the array is now empty; add --live warns of an answer that is not JSON")
    func emptiedAndNotJSON() async throws {
        let server = try LoopbackServer(routes: [
            "/v3.1/name/peru": .json("[]"),
            "/v3.1/name/chile": .respond(
                status: 200, headers: [("Content-Type", "application/octet-stream")],
                body: Data(#"[{"name": {"common": "Chile"}}]"#.utf8)),
        ])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/countries/peru.json", #"[{"cca3": "PER", "name": {"common": "Peru"}, "motto": "Firme y feliz"}]"#)
        try folder.write("contracts/peru.json", Self.peruContract(url: server.baseURL))
        let run = await folder.runInProcess(["record", "--base-url", Self.countries(server)])
        #expect(run.status == 1, "the empty page no longer satisfies count 1")
        #expect(run.stdout.contains("  the body: the server now sends an empty array\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("no longer sends this key"), "\(run.stdout)")
        let add = await folder.runInProcess([
            "add", "--live", "--contract", "contracts/chile.json", "--endpoint", "countries.byName", "--arguments",
            #"{"name": "chile"}"#, "--name", "chile", "--base-url", Self.countries(server),
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stderr.contains(
                #"warning: GET \#(server.baseURL.absoluteString)v3.1/name/chile answered Content-Type "application/octet-stream", not JSON"#
            ), "\(add.stderr)")
        #expect(add.stdout.contains(" as Fixtures/chile/chile.bin\n"), "\(add.stdout)")
    }

    @Test("record rewrites a case whose answer still satisfies it, status included, and leaves hand-made cases alone")
    func recordChange() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(Self.peru, status: 203)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/countries/peru.json", #"[{"cca3": "PER", "name": {"common": "Peru"}, "motto": "Firme y feliz"}]"#)
        try folder.write("contracts/peru.json", Self.peruContract(url: server.baseURL))
        let run = await folder.runInProcess(["record", "--base-url", Self.countries(server)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "RECORDED  contracts/peru.json  peru  \(server.baseURL.absoluteString)v3.1/name/peru\n  status: 203, was 200\n"
            ),
            "\(run.stdout)")
        #expect(run.stdout.contains("  [*].motto: the server no longer sends this key\n"))
        #expect(run.stdout.contains("  [*].area: the server now sends this key (the model reads it)\n"))
        #expect(run.stdout.hasSuffix("1 recorded, 0 unchanged, 0 forced, 0 failed, 0 skipped, 0 errors\n"))
        #expect(try folder.read("Fixtures/countries/peru.json") == .laidOut(Self.peru))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(contract.contains(#""response": { "status": 203, "headers""#))
        #expect(
            contract.contains(
                #"{ "name": "unknown", "response": { "status": 404 }, "expect": { "error": "responseUnsuccessful", "status": 404 } }"#
            ))
        #expect(server.requests.count == 1, "only the recorded case asks the server")
        let verify = await folder.runInProcess(["verify"])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test(
        "--base-url: API=URL for a known API, a bare URL only for one API, and only with --live",
        arguments: [
            (
                ["verify", "--base-url", "http://127.0.0.1:9/"],
                "error: --base-url is for --live: plain verify sends nothing to a server"
            ),
            (
                ["verify", "--live", "--base-url", "weather=http://127.0.0.1:9/"],
                "error: --base-url names the API \"weather\", which the catalogue does not have; known APIs are \"dogpatch\", \"countries\""
            ),
            (
                ["verify", "--live", "--base-url", "http://127.0.0.1:9/"],
                "error: --base-url URL without an API name is for a run whose contracts use one API, and these use \"countries\", \"dogpatch\"; write API=URL for each"
            ),
            (
                ["verify", "--live", "--base-url", "ftp://example.test/"],
                "error: --base-url takes [API=]URL with an http or https URL, such as dogpatch=http://127.0.0.1:8080/, not \"ftp://example.test/\""
            ),
        ])
    func baseURLs(_ arguments: [String], _ message: String) async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/peru.json",
            Self.peruContract(url: URL(fileURLWithPath: "/")).replacingOccurrences(
                of: "file:///", with: "http://127.0.0.1:9/"))
        let run = await folder.runInProcess(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message + "\n"), "\(run.stderr)")
    }
}
