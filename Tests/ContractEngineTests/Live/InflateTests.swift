import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// The tool's own gzip decompressor, which undoes a body URLSession left compressed.
@Suite("inflate")
struct InflateTests {
    @Test("the decompressor gives back gzip's input byte for byte: stored, fixed and dynamic blocks")
    func inflateRealData() throws {
        let compressed = try Data(
            contentsOf: Repository.root.appendingPathComponent(
                "Tests/ContractEngineTests/Live/Data/restcountries-first-200000-bytes.json.gz"))
        let original = try Data(
            contentsOf: Repository.root.appendingPathComponent("Fixtures/countries/restcountries-v3.1.json")
        ).prefix(200_000)
        #expect(try Inflate.gunzip(compressed, limit: 1 << 20) == Data(original))
        #expect(throws: Inflate.Failure.self) { try Inflate.gunzip(compressed, limit: 1000) }
        var broken = compressed
        broken[broken.count - 6] ^= 0xff
        #expect(throws: Inflate.Failure.self) { try Inflate.gunzip(broken, limit: 1 << 20) }
    }

    static let peru = Data(#"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#.utf8)

    /// Issue 38, item 2: a body of several gzip members is every member, as gzip(1) reads it.
    @Test(
        "every member of a multi-member gzip body is decompressed, in order; bytes after them that are not gzip refuse it"
    )
    func multiMember() throws {
        let first = Data(#"[{"name": {"common": "#.utf8)
        let second = Data(#""Peru"}, "cca3": "PER"}]"#.utf8)
        let body = Compressed.gzip(first) + Compressed.gzip(second)
        #expect(try Inflate.gunzip(body, limit: 1 << 20) == Self.peru)
        // Zero bytes after the last member are padding, as gzip(1) takes them.
        #expect(try Inflate.gunzip(body + Data(count: 8), limit: 1 << 20) == Self.peru)
        #expect(throws: Inflate.Failure.self) { try Inflate.gunzip(body + Data("junk".utf8), limit: 1 << 20) }
        // The limit holds for the members together.
        #expect(throws: Inflate.Failure.self) { try Inflate.gunzip(body, limit: first.count + 4) }
    }

    /// Issue 38, item 5: zlib's Adler-32 is checked, as gzip's CRC-32 and length are.
    @Test("a zlib body one bit off fails its Adler-32; a gzip body one bit off fails its CRC-32")
    func checks() throws {
        let zlib = Compressed.zlib(Self.peru)
        #expect(try Inflate.unzlib(zlib, limit: 1 << 20) == Self.peru)
        var corrupted = zlib
        // A bit of the stored data: the stream still inflates, to "Qeru".
        corrupted[corrupted.startIndex + 2 + 5 + 22] ^= 0x01
        #expect(throws: Inflate.Failure(reason: "the zlib stream's check fails (Adler-32)")) {
            try Inflate.unzlib(corrupted, limit: 1 << 20)
        }
        var gzip = Compressed.gzip(Self.peru)
        gzip[gzip.startIndex + 10 + 5 + 22] ^= 0x01
        #expect(throws: Inflate.Failure(reason: "the gzip stream's check fails (length or CRC-32)")) {
            try Inflate.gunzip(gzip, limit: 1 << 20)
        }
    }

    /// Issue 38, item 3: raw DEFLATE, which servers send as `deflate` too, is inflated.
    @Test("raw DEFLATE inflates; bytes after its last block refuse it")
    func rawDeflate() throws {
        #expect(try Inflate.inflateRaw(Compressed.rawDeflate(Self.peru), limit: 1 << 20) == Self.peru)
        #expect(throws: Inflate.Failure.self) {
            try Inflate.inflateRaw(Compressed.rawDeflate(Self.peru) + Data("junk".utf8), limit: 1 << 20)
        }
    }
}
