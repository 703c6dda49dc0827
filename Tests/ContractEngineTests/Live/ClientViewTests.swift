import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 38, items 1, 3, 4 and 6 (DESIGN 10): what URLSession hands the client, from a server's
/// answer and from a capture.
@Suite("what URLSession hands the client")
struct ClientViewTests {
    static let peru = Data(#"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#.utf8)

    static func captured(_ body: Data, headers: [String: String]) -> Result<Data, ClientView.Refusal> {
        ClientView.capturedBody(
            text: body.base64EncodedString(), encoding: "base64",
            header: { name in headers.first { $0.key.lowercased() == name.lowercased() }?.value }, limit: 1 << 20)
    }

    /// Item 1: URLSession undid the coding the header names; what it left is the app's.
    @Test("a live answer is kept exactly as URLSession hands it over, even when it still looks like gzip")
    func liveAnswerAsHandedOver() throws {
        let gzipped = Compressed.gzip(Self.peru)
        let answer = LiveResponse(
            url: try #require(URL(string: "http://127.0.0.1/v3.1/name/peru")), definedQuery: [], status: 200,
            headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: gzipped, redirects: [])
        #expect(try ClientView.seen(answer).get().body == gzipped)
    }

    /// Item 1, measured: a server that gzips twice and says `gzip` once gives the app gzip bytes.
    @Test("URLSession undoes one gzip of a body gzipped twice under one gzip, and hands the app the other")
    func urlSessionUndoesWhatTheHeaderSays() async throws {
        let twice = Compressed.gzip(Compressed.gzip(Self.peru))
        let server = try LoopbackServer(routes: [
            "/twice": .respond(
                status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: twice),
            "/listed": .respond(
                status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip, gzip")],
                body: twice),
        ])
        defer { server.stop() }
        let once = try await LiveFetcher.fetch(
            URLRequest(url: server.baseURL.appendingPathComponent("twice")), timeout: 5
        ).flatMap(ClientView.seen).get()
        #expect(once.body == Compressed.gzip(Self.peru))
        let listed = try await LiveFetcher.fetch(
            URLRequest(url: server.baseURL.appendingPathComponent("listed")), timeout: 5
        ).flatMap(ClientView.seen).get()
        #expect(listed.body == Self.peru)
    }

    /// Item 4: each coding of the list is undone, the last first.
    @Test("a captured body coded \"gzip, gzip\" or \"deflate, gzip\" is undone coding by coding")
    func codingLists() throws {
        #expect(
            try Self.captured(Compressed.gzip(Compressed.gzip(Self.peru)), headers: ["Content-Encoding": "gzip, gzip"])
                .get() == Self.peru)
        #expect(
            try Self.captured(
                Compressed.gzip(Compressed.zlib(Self.peru)), headers: ["Content-Encoding": "deflate, gzip"]
            ).get() == Self.peru)
        // A capture that stored the decoded body keeps it.
        #expect(try Self.captured(Self.peru, headers: ["Content-Encoding": "gzip, gzip"]).get() == Self.peru)
    }

    @Test("a captured body whose earlier coding cannot be undone is refused: \"br, gzip\", or one gzip short")
    func codingListsRefused() {
        let brUnderGzip = Self.captured(
            Compressed.gzip(Data([0x1b, 0x2c, 0x00, 0xf8, 0xa5, 0x96])), headers: ["Content-Encoding": "br, gzip"])
        #expect(
            brUnderGzip.failureReason
                == #"its body is still compressed as "br" under "gzip", which cannot be decompressed here"#)
        let oneShort = Self.captured(Compressed.gzip(Self.peru), headers: ["Content-Encoding": "gzip, gzip"])
        #expect(
            oneShort.failureReason
                == #"its body says "gzip, gzip", and what "gzip" gives is not "gzip"; the client would get an error"#)
        let corrupted = Self.captured(
            Compressed.zlib(Self.peru).dropLast() + Data([0]), headers: ["Content-Encoding": "deflate"])
        #expect(corrupted.failureReason?.hasSuffix("the zlib stream's check fails (Adler-32)") == true)
    }

    /// Item 3: raw DEFLATE, which URLSession inflates too.
    @Test("a captured raw-DEFLATE body labelled deflate becomes the JSON URLSession hands the client")
    func rawDeflate() throws {
        #expect(
            try Self.captured(Compressed.rawDeflate(Self.peru), headers: ["Content-Encoding": "deflate"]).get()
                == Self.peru)
    }

    /// Item 6: a decoded text in another charset is not "still compressed".
    @Test("a decoded br body in UTF-16 or Latin-1 is taken as the text it is")
    func decodedTextInOtherCharsets() throws {
        let utf16 = try #require(#"[{"name": {"common": "Perú"}}]"#.data(using: .utf16LittleEndian))
        #expect(try Self.captured(utf16, headers: ["Content-Encoding": "br"]).get() == utf16)
        let latin1 = try #require(#"[{"name": {"common": "Perú"}}]"#.data(using: .isoLatin1))
        #expect(
            try Self.captured(
                latin1, headers: ["Content-Encoding": "br", "Content-Type": "application/json; charset=ISO-8859-1"]
            ).get() == latin1)
        // Stored as text, it can only be the decoded body.
        let text = ClientView.capturedBody(
            text: #"[{"name": {"common": "Perú"}}]"#, encoding: nil,
            header: {
                $0 == "Content-Encoding" ? "br" : $0 == "Content-Type" ? "application/json; charset=utf-16" : nil
            },
            limit: 1 << 20)
        #expect((try? text.get())?.isEmpty == false, "\(text)")
        // Bytes that are not text are still compressed.
        #expect(
            Self.captured(Data([0x1b, 0x2c, 0x00, 0xf8, 0xa5, 0x96]), headers: ["Content-Encoding": "br"]).failureReason
                == #"its body is still compressed as "br", which cannot be decompressed here"#)
    }
}

extension Result where Failure == ClientView.Refusal {
    fileprivate var failureReason: String? {
        if case .failure(let refusal) = self { refusal.reason } else { nil }
    }
}
