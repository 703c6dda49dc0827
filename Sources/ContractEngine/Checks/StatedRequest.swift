/// What a contract states of the request beyond the one its client is seen to send: the headers
/// it must carry (a value, or presence alone for a secret) and its JSON body, read once, written
/// inline or kept in a fixture. Both exports write it and `serve` matches requests on it.
struct StatedRequest: Sendable {
    /// The headers, in the order written.
    let headers: [RequestExpectation.Header]
    /// The body; `nil` when the contract states none.
    let body: JSONValue?

    /// Nothing stated: the request is matched and exported as the client sends it.
    static let none = StatedRequest(headers: [], body: nil)

    /// Whether the contract states neither a header nor a body.
    var isEmpty: Bool { headers.isEmpty && body == nil }

    /// The value a presence-only header (a secret, such as `Authorization`) carries in an exported
    /// request: no real credential, and a matching rule lets any value through.
    static let placeholder = "<any value>"

    /// What a contract states of its request.
    /// - Parameters:
    ///   - contract: The contract.
    ///   - fixtures: Where a `bodyFixture` is.
    /// - Returns: The headers and the body, or why the body cannot be read (a missing fixture, not
    ///   JSON), at the contract's line.
    static func of(_ contract: Contract, fixtures: FixtureLocator) -> Result<StatedRequest, Diagnostic> {
        guard let request = contract.request else { return .success(.none) }
        guard let body = request.body else { return .success(StatedRequest(headers: request.headers, body: nil)) }
        return StatedRequestBody.load(body, fixtures: fixtures, contractFile: contract.file).map {
            StatedRequest(headers: request.headers, body: $0.root.value)
        }
    }
}
