/// One case of a contract, as its file defines it.
struct CaseSpec: Sendable {
    /// The case's name, unique in its contract.
    let name: String
    /// Where the case starts.
    let position: SourcePosition
    /// The response the stub serves.
    let response: ResponseSpec
    /// What the outcome must be.
    let expect: Expectation
    /// Why the case is skipped, when it is.
    let skip: String?
    /// Whether the case is replayed through the client.
    let replay: Bool
    /// Where its fixture was recorded from, for a case the tool recorded from the server.
    let recorded: Recording?
    /// The provider state the case's response needs, in the server team's words ("three dogs for
    /// sale"): the Pact export's provider state; the case's name when absent.
    var given: String?
}
