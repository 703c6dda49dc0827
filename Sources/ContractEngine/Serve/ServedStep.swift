import Foundation

/// One exchange of a flow as served: the request it answers (method, path, the query when the
/// exchange states one) and its answer, made once.
struct ServedStep: Sendable {
    /// The method the exchange states; `GET` when it states none.
    let method: String
    /// The path the exchange states, as written (percent-decoded unless it holds a `%`); `nil`
    /// for any path.
    let path: String?
    /// The exact query items the exchange states; `nil` for any.
    let query: [String: String]?
    /// The query items the exchange leaves free (written `true`): sent, with any value.
    var freeQuery: Set<String> = []
    /// The exchange's response, as any case's is served.
    let served: ServedCase

    /// Whether a request is this exchange's: its method, its path and its query as stated.
    /// - Parameters:
    ///   - method: The request's method (a `HEAD` as its `GET`).
    ///   - path: The path as sent, percent-encoded.
    ///   - query: The query items as sent.
    func answers(method: String, path: Substring, query: [(name: String, value: String)]) -> Bool {
        guard method == self.method else { return false }
        if let stated = self.path {
            // As replay compares it: holes free, decoded, unless the contract writes the path as sent.
            let matches =
                if let template = PathTemplate(stated) {
                    template.matches(path)
                } else if stated.contains("%") {
                    SentRequest.normalized(stated) == SentRequest.normalized(path)
                } else {
                    (String(path).removingPercentEncoding ?? String(path)) == stated
                }
            guard matches else { return false }
        }
        guard let stated = self.query else { return true }
        var sent: [String: String] = [:]
        for item in query { sent[item.name] = item.value }
        let exact = sent.filter { !freeQuery.contains($0.key) }
        return exact == stated && freeQuery.isSubset(of: Set(sent.keys)) && sent.count == query.count
    }

    /// The steps of a flow case, each exchange's body loaded; a body that cannot be loaded is a
    /// problem, as a case's is.
    /// - Parameters:
    ///   - spec: The flow case.
    ///   - fixtures: Where fixtures live.
    ///   - contractFile: The contract, as reports name it.
    /// - Returns: The steps in order, or the first problem.
    static func steps(of spec: CaseSpec, fixtures: FixtureLocator, contractFile: String) -> Result<
        [ServedStep], Diagnostic
    > {
        var steps: [ServedStep] = []
        for exchange in spec.exchanges {
            switch LoadedBody.load(exchange.response, fixtures: fixtures, contractFile: contractFile) {
            case .success(let body):
                var single = CaseSpec(
                    name: spec.name, position: exchange.position, response: exchange.response, expect: spec.expect,
                    skip: nil, replay: true, recorded: nil)
                single.given = spec.given
                var step = ServedStep(
                    method: exchange.request.method?.value ?? "GET", path: exchange.request.path?.value,
                    query: exchange.request.query?.value,
                    served: ServedCase(spec: single, body: body.data, headerOrder: []))
                step.freeQuery = exchange.request.freeQuery
                steps.append(step)
            case .failure(let diagnostic): return .failure(diagnostic)
            }
        }
        return .success(steps)
    }
}
