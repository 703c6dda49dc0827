extension MutationSession {
    /// A case with more mutants than the run's cap, of which the seed kept `kept`: a value the
    /// command line words with its flags.
    package struct Capped: Sendable, Equatable {
        /// The case, as `CONTRACT › CASE`.
        package let caseName: String
        /// The mutants run: the cap.
        package let kept: Int
        /// The mutants the case has.
        package let total: Int
        /// The seed that picked them.
        package let seed: UInt64
    }
}
