import Testing

@testable import ContractEngine

/// The hash a case's shard is made from.
@Suite("SipHash")
struct SipHashTests {
    @Test("SipHash-2-4 gives the reference vectors")
    func sipHashVectors() {
        #expect(SipHash.hash([UInt8]()) == 0x726f_db47_dd0e_0e31)
        #expect(SipHash.hash(Array(UInt8(0)..<15)) == 0xa129_ca61_49be_45e5)
        #expect(SipHash.hash(Array(UInt8(0)..<63)) == 0x958a_324c_eb06_4572)
    }
}
