/// SipHash-2-4 with a fixed key: a hash that is the same on every run and machine (unlike
/// `Hasher`, which is seeded per process) and in which every bit of the input moves every bit of
/// the output, so a shard picked from it is even however alike the keys are.
struct SipHash {
    private var v0: UInt64 = 0x736f_6d65_7073_6575
    private var v1: UInt64 = 0x646f_7261_6e64_6f6d
    private var v2: UInt64 = 0x6c79_6765_6e65_7261
    private var v3: UInt64 = 0x7465_6462_7974_6573

    /// The hash of some bytes under a fixed key.
    /// - Parameters:
    ///   - bytes: The input.
    ///   - key: The two key words; fixed, so the answer never changes.
    /// - Returns: The 64-bit hash.
    static func hash(
        _ bytes: some Collection<UInt8>, key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908)
    ) -> UInt64 {
        var state = SipHash()
        state.v0 ^= key.0
        state.v1 ^= key.1
        state.v2 ^= key.0
        state.v3 ^= key.1
        var word: UInt64 = 0
        var filled = 0
        for byte in bytes {
            word |= UInt64(byte) << (8 * UInt64(filled))
            filled += 1
            if filled == 8 {
                state.compress(word)
                word = 0
                filled = 0
            }
        }
        state.compress(word | UInt64(truncatingIfNeeded: bytes.count) << 56)
        state.v2 ^= 0xff
        for _ in 0..<4 { state.round() }
        return state.v0 ^ state.v1 ^ state.v2 ^ state.v3
    }

    private mutating func compress(_ word: UInt64) {
        v3 ^= word
        round()
        round()
        v0 ^= word
    }

    private mutating func round() {
        v0 &+= v1
        v1 = v1.rotated(13) ^ v0
        v0 = v0.rotated(32)
        v2 &+= v3
        v3 = v3.rotated(16) ^ v2
        v0 &+= v3
        v3 = v3.rotated(21) ^ v0
        v2 &+= v1
        v1 = v1.rotated(17) ^ v2
        v2 = v2.rotated(32)
    }
}

extension UInt64 {
    fileprivate func rotated(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
