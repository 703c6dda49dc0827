import ContractTestSupport
import Foundation
import Testing

/// Issue 29, findings 11-14 (DESIGN 10, "the body the client would get, or none"): a capture
/// becomes the bytes URLSession hands the client, or is skipped or refused with the reason.
@Suite("what the client would get from a capture")
struct ClientViewTests {
    /// One HAR entry for peru with the response's headers, content text and encoding as given.
    static func entry(
        status: Int = 200, headers: [(String, String)], text: String?, encoding: String? = nil, size: Int? = nil
    ) throws -> String {
        var content: [String: Any] = ["mimeType": "application/json", "size": size ?? (text?.utf8.count ?? 0)]
        if let text { content["text"] = text }
        if let encoding { content["encoding"] = encoding }
        let response: [String: Any] = [
            "status": status, "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "redirectURL": "",
            "headersSize": -1, "bodySize": -1, "content": content,
            "headers": headers.map { ["name": $0.0, "value": $0.1] },
        ]
        let entry: [String: Any] = [
            "startedDateTime": "2026-11-20T09:15:02.417Z", "time": 1,
            "request": [
                "method": "GET", "url": "https://restcountries.com/v3.1/name/peru", "httpVersion": "HTTP/1.1",
                "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0,
            ],
            "response": response, "cache": [:], "timings": ["send": 0, "wait": 1, "receive": 0],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self)
    }

    static func archive(_ entries: [String]) -> String {
        #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["#
            + entries.joined(separator: ",") + "]}}"
    }

    static let addArguments = ["add", "--har", "capture.har", "--contract", "contracts/peru.json"]

    static let peruAccented = #"[{"name": {"common": "Perú"}, "cca3": "PER"}]"#

    @Test("an ISO-8859-1 answer is stored as the server sent it, and the case expects what the app makes of it")
    func latin1Answer() throws {
        let folder = try HARSuite.suite(
            archive: Self.archive([
                try Self.entry(
                    headers: [("Content-Type", "application/json; charset=ISO-8859-1")], text: Self.peruAccented)
            ]))
        let run = try folder.run(Self.addArguments)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let fixture = try folder.read("Fixtures/peru/countries-byname-200.json")
        #expect(fixture == Self.peruAccented.data(using: .isoLatin1))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        // JSONDecoder reads UTF-8: the app refuses this answer, and so does the case.
        #expect(contract.contains(#""error": "jsonConversionFailure""#), "\(contract)")
    }

    @Test("a UTF-8 answer labelled ISO-8859-1 is stored as the UTF-8 the server sent, not as mojibake")
    func utf8LabelledLatin1() throws {
        // The producer decoded the UTF-8 bytes as ISO-8859-1: "Perú" reads "PerÃº" in the archive.
        let mojibake = String(decoding: Data(Self.peruAccented.utf8), as: UTF8.self).data(using: .utf8).flatMap {
            String(data: $0, encoding: .isoLatin1)
        }
        let text = try #require(mojibake)
        #expect(text.contains("Ã"))
        let folder = try HARSuite.suite(
            archive: Self.archive([
                try Self.entry(headers: [("Content-Type", "application/json; charset=iso-8859-1")], text: text)
            ]))
        let run = try folder.run(Self.addArguments)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try folder.read("Fixtures/peru/countries-byname-200.json") == .laidOut(Self.peruAccented))
        #expect(try folder.run(["verify"]).status == 0)
    }

    static let gzipPeru =
        "H4sIAAAAAAACA4uuVspLzE1VslKoVkrOz83NzwMylQJSi0qVanUUlJKTE43BAq5BSiBuYkFmSWIOUCRaySczNxEkhpWOrY0FAEub7FBaAAAA"

    @Test("a body still gzip-compressed, stored as base64, becomes the JSON the client gets")
    func gzipStillCompressed() throws {
        let folder = try HARSuite.suite(
            archive: Self.archive([
                try Self.entry(
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], text: Self.gzipPeru,
                    encoding: "base64")
            ]))
        let run = try folder.run(Self.addArguments)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let fixture = String(decoding: try folder.read("Fixtures/peru/countries-byname-200.json"), as: UTF8.self)
        #expect(fixture.hasPrefix("[\n  {\n    \"name\": {\n      \"common\": \"Peru\"\n"), "\(fixture)")
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(contract.contains(#""decodes": true"#), "\(contract)")
    }

    @Test("JSON marked base64 refuses the entry instead of becoming garbage; the suite stays as it was")
    func notBase64() throws {
        let folder = try HARSuite.suite(
            archive: Self.archive([
                try Self.entry(
                    headers: [("Content-Type", "application/json")],
                    text: #"[{"name":{"common":"Peru"},"cca3":"PER","x":"ab"}]"#, encoding: "base64")
            ]))
        let before = try SuiteSnapshot.files(folder)
        let run = try folder.run(["add", "--har", "capture.har", "--contract", "contracts/peru.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"entry 1: its "content.text" says base64 and is not"#), "\(run.stderr)")
        #expect(try SuiteSnapshot.files(folder) == before)
    }

    @Test("a redirect and a Chrome-style 304 without a body are skipped with the reason; the answer is taken")
    func redirectsAndNotModified() throws {
        let folder = try HARSuite.suite(
            archive: Self.archive([
                try Self.entry(
                    status: 301, headers: [("Location", "https://restcountries.com/v3.1/name/peru/")], text: ""),
                try Self.entry(status: 304, headers: [], text: nil, size: -1),
                try Self.entry(headers: [("Content-Type", "application/json")], text: HARSuite.peru),
            ]))
        let run = try folder.run(Self.addArguments)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("entry 1: GET https://restcountries.com/v3.1/name/peru: skipped: HTTP 301 to"))
        #expect(run.stderr.contains("the client follows redirects"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "entry 2: GET https://restcountries.com/v3.1/name/peru: skipped: HTTP 304 Not Modified: the client gets its cached answer"
            ))
        #expect(run.stdout.contains("PASS  contracts/peru.json  countries.byName 200\n"), "\(run.stdout)")
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(!contract.contains("301") && !contract.contains("304"))
    }

    /// Issue 38, item 7: mitmproxy writes a body that is not UTF-8 with Python's
    /// `surrogateescape` (`\\udcfa` for the byte 0xFA): the archive is still an archive, and that
    /// body is the server's bytes.
    @Test("one body that is not UTF-8, as mitmproxy writes it, leaves the archive readable and is kept as sent")
    func notUTF8InMitmproxy() throws {
        let stray = try Self.entry(
            headers: [("Content-Type", "application/json")], text: "[{\"name\": {\"common\": \"Per@@\"}}]"
        )
        .replacingOccurrences(of: "@@", with: #"\udcfa"#)
        let plain = try Self.entry(headers: [("Content-Type", "application/json")], text: HARSuite.peru)
        let folder = try HARSuite.suite(archive: Self.archive([stray, plain]))
        let second = try folder.run(Self.addArguments + ["--entry", "2", "--name", "plain"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let first = try folder.run(Self.addArguments + ["--entry", "1", "--name", "latin"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(
            try folder.read("Fixtures/peru/latin.json")
                == Data(#"[{"name": {"common": "Per"#.utf8) + Data([0xFA]) + Data(#""}}]"#.utf8))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        // JSONDecoder refuses the bytes that are not UTF-8, and so does the case.
        #expect(contract.contains(#""error": "jsonConversionFailure""#), "\(contract)")
    }
}
