/// One step of a flow: a request the client must send and the response the stub answers it with.
/// A flow case lists its exchanges in the order the client must make them.
struct Exchange: Sendable {
    /// What the client must send at this step.
    let request: RequestExpectation
    /// What the stub answers it with.
    let response: ResponseSpec
    /// Where the exchange starts in the contract.
    let position: SourcePosition

    /// The request in a line: `POST /api/token`, with its query when it states one.
    var requestLine: String {
        let method = request.method?.value ?? "GET"
        let path = request.path?.value ?? "(any path)"
        guard let query = request.query?.value, !query.isEmpty else { return "\(method) \(path)" }
        let items = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(method) \(path)?" + items.joined(separator: "&")
    }

    /// The provider state of one exchange of a flow: the flow's state (its `given`, else its
    /// name) and the step, as the exported pact names it and `serve` sets it up.
    /// - Parameters:
    ///   - flow: The flow's provider state.
    ///   - step: The exchange, counted from 1.
    ///   - count: How many exchanges the flow has.
    /// - Returns: `token refreshed, exchange 2 of 3`.
    static func providerState(_ flow: String, step: Int, of count: Int) -> String {
        "\(flow), exchange \(step) of \(count)"
    }

    /// A flow in a line, as `list --cases` shows it: `flow of 3: GET /api/todos, POST /api/token, GET /api/todos`.
    /// - Parameter exchanges: The flow's exchanges, in order.
    static func summary(_ exchanges: [Exchange]) -> String {
        "flow of \(exchanges.count): " + exchanges.map(\.requestLine).joined(separator: ", ")
    }
}
