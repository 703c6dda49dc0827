import ContractCatalogue

/// One contract as served.
struct ServedContract: Sendable {
    /// Its identity in the suite, such as `contracts/dogpatch/get-dogs.json`.
    let identity: String
    let endpoint: Endpoint
    /// The request its client sends; `nil` when the client sends none for its arguments.
    let request: SentRequest?
    /// Its servable cases in file order.
    let cases: [ServedCase]
    /// The cases its `"sequence"` answers with in turn, the last repeating; empty for none.
    var sequence: [String] = []
    /// The headers and body its contract states, which a request must carry besides the client's
    /// method, path and query; nothing for most contracts, which then cost no more to match.
    var stated: StatedRequest = .none

    /// The case that answers when nothing chooses one: the first that decodes, else the first.
    var defaultCase: ServedCase? {
        cases.first { $0.decodes } ?? cases.first
    }

    /// The case with a name.
    func servedCase(named name: String) -> ServedCase? {
        cases.first { $0.name == name }
    }
}
