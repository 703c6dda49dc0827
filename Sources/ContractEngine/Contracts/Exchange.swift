/// One step of a flow: a request the client must send and the response the stub answers it with.
/// A flow case lists its exchanges in the order the client must make them.
struct Exchange: Sendable {
    /// What the client must send at this step.
    let request: RequestExpectation
    /// What the stub answers it with.
    let response: ResponseSpec
    /// Where the exchange starts in the contract.
    let position: SourcePosition
}
