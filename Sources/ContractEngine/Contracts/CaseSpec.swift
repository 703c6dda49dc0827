/// One case of a contract, as its file defines it.
struct CaseSpec: Sendable {
    /// The case's name, unique in its contract.
    let name: String
    /// Where the case starts.
    let position: SourcePosition
    /// The response the stub serves; for a flow, its last exchange's, whose answer `expect` judges.
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
    /// A flow's exchanges in order (`"exchanges"`): the client is called once and must make each
    /// request in turn; empty for a case of one response.
    var exchanges: [Exchange] = []

    /// Whether the case is a flow of several exchanges rather than one response.
    var isFlow: Bool { !exchanges.isEmpty }
}
