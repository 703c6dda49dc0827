import ContractEngine

/// Arguments the tool cannot run with.
struct CommandLineError: Error, Sendable {
    let message: String
    /// The command whose help the hint names.
    let command: String?
}
