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
}
