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
    /// The holes its contract leaves in the path (`/3/movie/{id}`); `nil` for an exact path.
    var template: PathTemplate? = nil
    /// The query items its contract leaves free (written `true`): sent with any value.
    var freeQuery: Set<String> = []

    /// Whether the contract leaves anything of its request free: an exact one answers first.
    var hasHoles: Bool { template != nil || !freeQuery.isEmpty }

    /// The case that answers when nothing chooses one: the first that decodes, else the first.
    var defaultCase: ServedCase? {
        cases.first { $0.decodes } ?? cases.first
    }

    /// The case with a name.
    func servedCase(named name: String) -> ServedCase? {
        cases.first { $0.name == name }
    }
}
