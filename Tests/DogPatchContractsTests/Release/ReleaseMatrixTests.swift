import ContractTestSupport
import Foundation
import Testing

/// `release archive`, `release retire`, `release check` and `verify --live --releases`, end to end:
/// three archived releases of the built-in catalogue, the oldest of which requires a key that a
/// loopback server has dropped (issue 51's proof).
@Suite("the release matrix, end to end")
struct ReleaseMatrixTests {
    /// Peru as the real data set has it, and as a server that dropped `population` sends it.
    static let peru = LiveCommandTests.peru
    static let peruWithoutPopulation: String = {
        guard let records = try? JSONSerialization.jsonObject(with: Data(peru.utf8)) as? [[String: Any]],
            let data = try? JSONSerialization.data(
                withJSONObject: records.map { $0.filter { $0.key != "population" } }, options: [.sortedKeys])
        else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }()

    /// A suite with the recorded peru case, and releases 1.0.0, 1.1.0 and 1.2.0 archived from it;
    /// 1.0.0's model required `population` (its profile says so), the later ones read it as optional.
    static func archivedSuite(server: URL) async throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write("contracts/countries/by-name-peru.json", LiveCommandTests.peruContract(url: server))
        try folder.write("Fixtures/countries/peru.json", peru)
        for version in ["1.0.0", "1.1.0", "1.2.0"] {
            let run = try folder.run(["release", "archive", version])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("archived releases/\(version): 1 profile, 1 pact, "), "\(run.stdout)")
        }
        let oldest = "releases/1.0.0/profiles/[Country].json"
        let profile = String(decoding: try folder.read(oldest), as: UTF8.self)
        let optional = #""[*].population": { "null": true, "required": false, "types": ["number"] }"#
        try #require(profile.contains(optional), "\(profile)")
        try folder.write(
            oldest,
            profile.replacingOccurrences(
                of: optional, with: #""[*].population": { "null": false, "required": true, "types": ["number"] }"#))
        return folder
    }

    @Test(
        "verify --live --releases asks once, names the oldest release and the key the server dropped, passes the newer ones, and passes all once the oldest is retired"
    )
    func liveMatrix() async throws {
        let server = try LoopbackServer(routes: ["/v3.1/name/peru": .json(Self.peruWithoutPopulation)])
        defer { server.stop() }
        let folder = try await Self.archivedSuite(server: server.baseURL)
        let base = "countries=\(server.baseURL.absoluteString)v3.1/"
        let run = try folder.run(["verify", "--live", "--releases", "releases", "--base-url", base])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(server.requests.map(\.target) == ["/v3.1/name/peru"], "one request per recorded case")
        #expect(run.stdout.contains("PASS  contracts/countries/by-name-peru.json  peru  "), "\(run.stdout)")
        #expect(run.stdout.contains("release matrix: 1 answer judged against 3 supported releases\n"))
        #expect(run.stdout.contains("countries.byName  break       pass        pass\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "release 1.0.0 would break on countries.byName: [*].population: missing, and this release requires it (contracts/countries/by-name-peru.json › peru)\n"
            ))
        #expect(!run.stdout.contains("release 1.1.0 would break") && !run.stdout.contains("release 1.2.0 would break"))
        #expect(run.stdout.hasSuffix("1 supported release would break: 1.0.0\n"))

        let retire = try folder.run(["release", "retire", "1.0.0"])
        #expect(retire.status == 0, "\(retire.stderr)")
        #expect(retire.stdout == "retired releases/1.0.0: the release matrix no longer judges against it\n")
        let manifest = String(decoding: try folder.read("releases/1.0.0/manifest.json"), as: UTF8.self)
        #expect(manifest.contains(#""retired": "20"#) && manifest.contains(#""version": "1.0.0""#), "\(manifest)")
        let again = try folder.run(["verify", "--live", "--releases", "releases", "--base-url", base])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("judged against 2 supported releases (retired: 1.0.0)\n"), "\(again.stdout)")
        #expect(again.stdout.hasSuffix("every supported release accepts every answer (2 releases, 1 answer)\n"))
        #expect(server.requests.count == 2)
    }

    @Test("release check judges bodies given as files the same way, and --since supports only the later releases")
    func bodiesMatrix() async throws {
        let folder = try await Self.archivedSuite(server: URL(string: "http://127.0.0.1:9/")!)
        try folder.write("bodies/countries.byName.json", Self.peruWithoutPopulation)
        let run = try folder.run(["release", "check", "--bodies", "bodies", "--format", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        let matrix = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(matrix["releases"] as? [String] == ["1.0.0", "1.1.0", "1.2.0"])
        let breaks = try #require(matrix["breaks"] as? [[String: String]])
        #expect(
            breaks == [
                [
                    "release": "1.0.0", "endpoint": "countries.byName", "path": "[*].population",
                    "change": "missing, and this release requires it", "source": "bodies/countries.byName.json",
                ]
            ])
        let since = try folder.run(["release", "check", "--bodies", "bodies", "--since", "1.1.0"])
        #expect(since.status == 0, "\(since.stdout)\(since.stderr)")
        #expect(since.stdout.contains("(retired: 1.0.0)"))
        let unknown = try folder.run(["release", "check", "--bodies", "bodies", "--since", "0.9"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains(#"error: --since "0.9" is no archived release (archived: 1.0.0, 1.1.0, 1.2.0)"#))
    }

    @Test("an archived release is never rewritten, and an archive that cannot be made writes nothing")
    func archiveOnce() async throws {
        let folder = try await Self.archivedSuite(server: URL(string: "http://127.0.0.1:9/")!)
        let before = try folder.read("releases/1.2.0/manifest.json")
        let again = try folder.run(["release", "archive", "1.2.0"])
        #expect(again.status == 2)
        #expect(
            again.stderr.contains(
                #"error: "releases/1.2.0" is archived already; an archived release is never rewritten"#))
        #expect(try folder.read("releases/1.2.0/manifest.json") == before)
        let outside = try folder.run(["release", "archive", "2.0.0", "--releases", "/tmp"])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains(#"error: --releases "/tmp" is outside the suite"#), "\(outside.stderr)")
        try folder.write("Fixtures/countries/peru.json", "[{")
        let broken = try folder.run(["release", "archive", "2.0.0"])
        #expect(broken.status == 2, "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("releases/2.0.0").path))
    }
}
