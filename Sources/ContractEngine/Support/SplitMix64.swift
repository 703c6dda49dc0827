/// A small random number generator with a fixed seed (SplitMix64), so everything drawn from it
/// (which mutants `mutate --max` keeps, the fuzz tests' inputs, the benchmark's corpus) is the same
/// on every run and machine.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator.
    /// - Parameter seed: The seed; the same seed gives the same numbers.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    /// - Returns: 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
