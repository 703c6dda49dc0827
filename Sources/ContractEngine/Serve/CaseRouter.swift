import ContractCatalogue
import Foundation
import HTTPStub
import HTTPWire

/// Chooses the answer to each request: the contract whose client sends it, then the case, from
/// the `X-Contract-Case` header, a selection made through the control path, the run's case choices, or the
/// contract's first case that decodes. The control path `/_contracts` lists and selects.
final class CaseRouter: Sendable {
    /// The header that names the case to answer with.
    static let caseHeader = "X-Contract-Case"
    /// The control path.
    static let controlPath = "/_contracts"

    struct State {
        var suite: ServedSuite
        /// Each session's selections and journal, by the `X-Contract-Session` its requests name
        /// (`""` for the default session).
        var sessions: [String: ServeSession] = [:]
    }

    /// The header that names a request's session, so parallel UI tests share one server apart.
    static let sessionHeader = "X-Contract-Session"

    let state: Locked<State>
    /// The run's case choices: bare case names, and `CONTRACT › NAME` pairs.
    let choices: [CaseChoice]
    /// The host names a request's `Host` (and a control request's `Origin`) may name: the
    /// server's own, lowercased, without a port. Any other is a page reaching the server through
    /// DNS rebinding, or a cross-site form.
    private let hosts: Set<String>

    /// The names every server answers to on the loopback.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// The web origins whose pages may call the server (`--cors`), compared without regard to case.
    let cors: Set<String>
    /// How many sessions are kept, how long, and how long their ids may be.
    let limits: SessionLimits
    /// A monotonic clock, in seconds: when a session was last used.
    let clock: @Sendable () -> TimeInterval

    init(
        suite: ServedSuite, choices: [CaseChoice], hosts: Set<String> = CaseRouter.loopbackHosts, cors: [String] = [],
        limits: SessionLimits = SessionLimits(),
        clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        state = Locked(State(suite: suite))
        self.choices = choices
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.cors = Set(cors.map { $0.lowercased() })
        self.limits = limits
        self.clock = clock
    }

    /// The suite being served.
    var suite: ServedSuite { state.withLock { $0.suite } }

    /// Serves another suite, keeping the selections whose contract and case it still has.
    func replace(_ suite: ServedSuite) {
        state.withLock { state in
            state.suite = suite
            for (name, session) in state.sessions {
                state.sessions[name]?.selections = session.selections.filter { identity, selection in
                    suite.contracts.contains {
                        $0.identity == identity && $0.servedCase(named: selection.caseName) != nil
                    }
                }
            }
        }
    }

    /// What answered a request, for the journal: the answer, and the contract and case behind it.
    private struct Routed {
        var answer: HTTPAnswer
        var contract: String? = nil
        var caseName: String? = nil
    }

    /// The answer to a request; a request the suite answers is added to its session's journal.
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        let path = Self.originPath(request.path)
        if let refusal = refusal(of: request, path: path) { return refusal }
        let allowed =
            cors.isEmpty ? nil : request.header("Origin").flatMap { cors.contains($0.lowercased()) ? $0 : nil }
        if let allowed, request.method == "OPTIONS" { return Self.preflight(request, origin: allowed, path: path) }
        let answer = routedAnswer(request, path: path, foreign: allowed == nil && isForeignPage(request))
        guard let allowed else { return answer }
        return Self.allowing(answer, origin: allowed)
    }

    /// The answer to a request the server takes, before any CORS header.
    /// A page of another origin is answered as a session of its own that nothing keeps: it takes
    /// no step of a sequence and fills no journal (issue 49, finding 6).
    private func routedAnswer(_ request: HTTPRequest, path: Substring, foreign: Bool) -> HTTPAnswer {
        let session = request.header(Self.sessionHeader) ?? ""
        if path == Self.controlPath || path.hasPrefix(Self.controlPath + "/") {
            return control(request, path: path, session: session)
        }
        if foreign {
            let suite = state.withLock { $0.suite }
            return route(request, path: path, suite: suite, selections: [:], sequenced: [], session: nil).answer
        }
        let now = clock()
        let (suite, selections, sequenced) = state.withLock { state in
            state.touch(session, now: now, limits: limits)
            return (
                state.suite, state.sessions[session]?.selections ?? [:],
                Set((state.sessions[session]?.sequences ?? [:]).keys)
            )
        }
        // A flow under way in the session takes its next exchange's request before any contract.
        let routed =
            continueFlow(request, path: path, session: session).map {
                Routed(answer: $0.answer, contract: $0.contract, caseName: $0.caseName)
            }
            ?? route(
                request, path: path, suite: suite, selections: selections, sequenced: sequenced, session: session)
        let status: Int?
        let fault: String?
        switch routed.answer.kind {
        case .response(let code, _, _): (status, fault) = (code, nil)
        case .fault(let wire), .partial(_, let wire): (status, fault) = (nil, wire.rawValue)
        case .later: (status, fault) = (nil, nil)
        }
        let entry = JournalEntry(
            method: request.method, path: String(path),
            query: request.query.map(String.init), contract: routed.contract,
            caseName: routed.caseName, status: status, fault: fault, time: Date())
        state.withLock { $0.sessions[session, default: ServeSession()].record(entry) }
        return routed.answer
    }

    /// Matches a request to a contract and a case, and makes the answer.
    private func route(
        _ request: HTTPRequest, path: Substring, suite: ServedSuite,
        selections: [String: (caseName: String, order: Int)], sequenced: Set<String>, session: String?
    ) -> Routed {
        let query = Self.queryItems(request.query)
        // The path as sent, compared as RFC 3986 allows: `/AC/DC` is not `/AC%2FDC`.
        let comparedPath = SentRequest.normalized(path)
        // A HEAD is answered as its GET would be, without the body.
        let method = request.method == "HEAD" ? "GET" : request.method
        var matching = Self.sending(method, path: path, comparedPath: comparedPath, query: query, in: suite)
        // Stated headers and bodies are held to only where a contract states some: a GET costs
        // nothing more, and the body is read as JSON once.
        if matching.contains(where: { !$0.stated.isEmpty }) {
            let body = matching.contains { $0.stated.body != nil } ? StatedRequest.jsonBody(request.body) : nil
            matching = matching.filter { $0.stated.isEmpty || $0.stated.isSatisfied(by: request, body: body) }
        }
        guard !matching.isEmpty else {
            return Routed(answer: unmatched(request, path: String(path), query: query, suite))
        }
        let primary = Self.answering(matching, selections: selections, choices: choices, sequenced: sequenced)
        let shown = Self.shown(
            request, path: String(path), query: query, defined: suite.definedQuery(of: primary.endpoint))
        if let wanted = request.header(Self.caseHeader) {
            let order = [primary] + matching.filter { $0.identity != primary.identity }
            return named(wanted, among: order, shown: shown, session: session, closing: !request.keepsAlive)
        }
        let chosen =
            selections[primary.identity].flatMap { primary.servedCase(named: $0.caseName) }
            ?? (primary.sequence.isEmpty && !sequenced.contains(primary.identity)
                ? nil : nextInSequence(of: primary, session: session).flatMap { primary.servedCase(named: $0) })
            ?? choices.lazy.compactMap { choice in
                choice.contract == nil || choice.contract == primary.identity
                    ? primary.servedCase(named: choice.caseName) : nil
            }.first
            ?? primary.defaultCase
        guard let chosen else {
            let answer = Self.refused(
                status: 404, "the contract has no case to serve", [("contract", .string(primary.identity))],
                note: "\(shown) \(primary.identity): no case")
            return Routed(answer: answer, contract: primary.identity)
        }
        var note = "\(shown) \(primary.identity) › \(chosen.name)"
        if let fault = chosen.networkError, !fault.exact {
            note += " (\(fault.name) is a device's error: served as the nearest fault, \(fault.fault.rawValue))"
        }
        let answer = serve(chosen, of: primary.identity, note: note, session: session, closing: !request.keepsAlive)
        return Routed(answer: answer, contract: primary.identity, caseName: chosen.name)
    }

    /// The contracts whose client sends a request, in suite order: those that match it exactly, else
    /// those whose holes it fits (exact before free). Only the query items the endpoint defines are
    /// matched: an app's own `api_key` on every request does not make it unmatched.
    private static func sending(
        _ method: String, path: Substring, comparedPath: String, query: [(name: String, value: String)],
        in suite: ServedSuite
    ) -> [ServedContract] {
        let fits = { (contract: ServedContract) -> Bool in
            guard let sent = contract.request else { return false }
            let defined = suite.definedQuery(of: contract.endpoint)
            return sameItems(sent.query, query.filter { defined.contains($0.name) }, free: contract.freeQuery)
        }
        let matching = suite.contracts(sending: method, to: comparedPath).filter(fits)
        if matching.contains(where: { !$0.hasHoles }) { return matching.filter { !$0.hasHoles } }
        guard matching.isEmpty else { return matching }
        return suite.withPathHoles.filter { contract in
            contract.request?.method == method && contract.template?.matches(path) == true && fits(contract)
        }
    }

    /// The answer of the case `X-Contract-Case` names, from the first of the contracts answering
    /// the request that has it; a name none has lists every case that can answer.
    private func named(_ wanted: String, among order: [ServedContract], shown: String, session: String?, closing: Bool)
        -> Routed
    {
        for contract in order {
            if let served = contract.servedCase(named: wanted) {
                let note = "\(shown) \(contract.identity) › \(served.name)"
                let answer = serve(served, of: contract.identity, note: note, session: session, closing: closing)
                return Routed(answer: answer, contract: contract.identity, caseName: served.name)
            }
        }
        let primary = order[0]
        var names: [String] = []
        for contract in order { names += contract.cases.map(\.name).filter { !names.contains($0) } }
        let answer = Self.refused(
            status: 400, "unknown case \(JSONValue.quote(wanted)) in \(Self.caseHeader)",
            [
                ("contract", .string(primary.identity)), ("contracts", Self.strings(order.map(\.identity))),
                ("cases", Self.strings(names)),
            ],
            note: "\(shown) \(primary.identity) › unknown case \(JSONValue.quote(wanted))")
        return Routed(answer: answer, contract: primary.identity)
    }

    /// The case a contract's sequence answers with now, a step taken in the session; `nil` when it
    /// has none.
    private func nextInSequence(of contract: ServedContract, session: String?) -> String? {
        // A session nothing keeps stays at its sequence's first step.
        guard let session else { return contract.sequence.first }
        return state.withLock { state in
            guard state.sessions[session]?.sequences[contract.identity] != nil || !contract.sequence.isEmpty else {
                return nil
            }
            return state.sessions[session, default: ServeSession()].nextInSequence(
                of: contract.identity, own: contract.sequence)
        }
    }

    /// Of the contracts whose client sends a request, the one that answers it: the one selected
    /// last, else the first one a `--case` choice names a case of (a bare name applies to every
    /// contract that has it), else the first in suite order.
    static func answering(
        _ matching: [ServedContract], selections: [String: (caseName: String, order: Int)], choices: [CaseChoice],
        sequenced: Set<String> = []
    ) -> ServedContract {
        let selected = matching.filter { selections[$0.identity] != nil }
            .max { (selections[$0.identity]?.order ?? 0) < (selections[$1.identity]?.order ?? 0) }
        // A sequence set through the control path, else one the contract file gives.
        let sequence =
            matching.first { sequenced.contains($0.identity) } ?? matching.first { !$0.sequence.isEmpty }
        let chosen = matching.first { contract in
            choices.contains { choice in
                (choice.contract == nil || choice.contract == contract.identity)
                    && contract.servedCase(named: choice.caseName) != nil
            }
        }
        return selected ?? sequence ?? chosen ?? matching[0]
    }

    // MARK: - Unmatched requests

    /// The 404 for a request no contract's client sends, naming the nearest contract and how the
    /// request differs from its client's.
    private func unmatched(
        _ request: HTTPRequest, path: String, query: [(name: String, value: String)], _ suite: ServedSuite
    ) -> HTTPAnswer {
        let decodedPath = path.removingPercentEncoding ?? path
        let comparedPath = SentRequest.normalized(path)
        var best: (contract: ServedContract, sent: SentRequest, mismatch: Mismatch)?
        let body = suite.contracts.contains { $0.stated.body != nil } ? StatedRequest.jsonBody(request.body) : nil
        for contract in suite.contracts {
            guard let sent = contract.request else { continue }
            var mismatch = Self.mismatch(
                of: request, decodedPath: decodedPath, comparedPath: comparedPath, query: query, against: sent,
                holes: (contract.template, contract.freeQuery),
                defined: suite.definedQuery(of: contract.endpoint), within: best?.mismatch.score ?? .max)
            if !contract.stated.isEmpty {
                let stated = contract.stated.differences(from: request, body: body)
                mismatch.stated = stated
                mismatch.score += 5 * stated.count
            }
            if best == nil || mismatch.score < best?.mismatch.score ?? .max {
                best = (contract, sent, mismatch)
            }
        }
        let defined = best.map { suite.definedQuery(of: $0.contract.endpoint) } ?? []
        let shown = Self.shown(request, path: path, query: query, defined: defined)
        guard let best else {
            return Self.refused(
                status: 404, "no contract matches the request: the suite serves no request",
                note: "\(shown) no contract matches")
        }
        // The stated request's differences (headers, then the body) follow the others, in order.
        let differences = Array(Set(best.mismatch.differences)).sorted() + best.mismatch.stated
        let nearest = Self.object([
            ("contract", .string(best.contract.identity)),
            ("request", Self.requestJSON(best.sent, stated: best.contract.stated, contract: best.contract)),
            ("differences", Self.strings(differences)),
        ])
        return Self.refused(
            status: 404, "no contract matches the request",
            [("method", .string(request.method)), ("path", .string(decodedPath)), ("nearest", nearest)],
            note:
                "\(shown) no contract matches; nearest \(best.contract.identity): \(differences.joined(separator: "; "))"
        )
    }

    /// How a request differs from the one a contract's client sends, and how far: a path apart
    /// weighs most, then the method, then each query item, stated header and body.
    private struct Mismatch {
        var differences: [String] = []
        /// How it differs from the headers and body the contract states.
        var stated: [String] = []
        var score = 0
    }

    /// Compares a request with the one a contract's client sends. The paths' edit distance, the
    /// costly part, is only measured when the contract could still be nearer than `within`.
    private static func mismatch(
        of request: HTTPRequest, decodedPath: String, comparedPath: String, query: [(name: String, value: String)],
        against sent: SentRequest, holes: (template: PathTemplate?, free: Set<String>), defined: Set<String>,
        within: Int
    ) -> Mismatch {
        var mismatch = Mismatch()
        if sent.method != request.method {
            mismatch.differences.append(
                "method \(JSONValue.quote(request.method)), the contract's is \(JSONValue.quote(sent.method))")
            mismatch.score += 10
        }
        let fits = holes.template?.matches(request.path) ?? false
        if !fits, sent.decodedPath != decodedPath || sent.comparedPath != comparedPath {
            let stated = holes.template?.text ?? sent.decodedPath
            mismatch.differences.append(
                "path \(JSONValue.quote(decodedPath)), the contract's is \(JSONValue.quote(stated))")
            // No edit distance is below the lengths' difference: past the best so far, not measured.
            let bound = mismatch.score + 100 + abs(sent.decodedPath.utf8.count - decodedPath.utf8.count)
            mismatch.score += 100 + (bound >= within ? bound : distance(sent.decodedPath, decodedPath))
        }
        for item in sent.query {
            let given = query.filter { $0.name == item.name }.map(\.value)
            // A secret's value (`api_key`) is matched by presence and never shown.
            let secret = Redaction.looksSecret(item.name)
            if given.isEmpty {
                mismatch.differences.append(
                    "query item \(JSONValue.quote(item.name)) is missing"
                        + (secret || holes.free.contains(item.name)
                            ? "" : ", the contract's is \(JSONValue.quote(item.value))"))
                mismatch.score += 5
            } else if holes.free.contains(item.name) {
                continue
            } else if secret {
                if given.count != 1 {
                    mismatch.differences.append("query item \(JSONValue.quote(item.name)) is sent \(given.count) times")
                    mismatch.score += 5
                }
            } else if given != [item.value] {
                mismatch.differences.append(
                    "query item \(JSONValue.quote(item.name)) is \(given.map(JSONValue.quote).joined(separator: ", ")), the contract's is \(JSONValue.quote(item.value))"
                )
                mismatch.score += 5
            }
        }
        // Items the endpoint does not define are not matched, so they are no difference.
        let extra = Set(query.map(\.name)).subtracting(sent.query.map(\.name)).intersection(defined)
        for name in extra.sorted() {
            mismatch.differences.append("query item \(JSONValue.quote(name)) is not in the contract's request")
            mismatch.score += 5
        }
        return mismatch
    }

    /// A small edit distance, enough to find the nearest path; the common start and end are left
    /// out first (paths of one API share most of theirs).
    private static func distance(_ a: String, _ b: String) -> Int {
        var left = Array(a.utf8.prefix(200))[...]
        var right = Array(b.utf8.prefix(200))[...]
        while let x = left.first, let y = right.first, x == y {
            left = left.dropFirst()
            right = right.dropFirst()
        }
        while let x = left.last, let y = right.last, x == y {
            left = left.dropLast()
            right = right.dropLast()
        }
        let a = Array(left)
        let b = Array(right)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: - Who may ask

    /// A request the server refuses whatever it asks: none or two `Host` fields (400), a `Host`
    /// that names another server (421), or a control request sent by a page of another origin
    /// (403).
    private func refusal(of request: HTTPRequest, path: Substring) -> HTTPAnswer? {
        let named = request.headers.filter { HTTPRequest.sameName($0.name, "Host") }.map(\.value)
        let note = "\(request.method) \(VisibleText.escaped(String(path)))"
        if let session = request.header(Self.sessionHeader), session.utf8.count > limits.idLength {
            return Self.refused(
                status: 400, "\(Self.sessionHeader) is over \(limits.idLength) bytes",
                note: note + " (a session id of \(session.utf8.count) bytes)")
        }
        if named.count > 1 || (named.isEmpty && !request.isHTTP10) {
            return Self.refused(
                status: 400, "a request names its Host once",
                note: note + " (\(named.count) Host fields)")
        }
        if let host = named.first, !hosts.isEmpty, !hosts.contains(Self.hostName(host)) {
            return Self.refused(
                status: 421, "this server answers for \(hosts.sorted().joined(separator: ", ")), not \(host)",
                note: note + " (Host \(VisibleText.escaped(host)) is not this server)")
        }
        let isControl = path == Self.controlPath || path.hasPrefix(Self.controlPath + "/")
        if isControl, let origin = request.header("Origin"), !isOwn(origin: origin, host: named.first),
            !cors.contains(origin.lowercased())
        {
            return Self.refused(
                status: 403, "the control path takes no request from another origin (\(origin))",
                note: note + " (Origin \(VisibleText.escaped(origin)) refused)")
        }
        return nil
    }

    /// An answer as a page of an allowed origin may read it: one `Access-Control-Allow-Origin` (in
    /// place of any the case lists), credentials allowed, and every header it carries exposed but
    /// those a page always reads.
    static func allowing(_ answer: HTTPAnswer, origin: String) -> HTTPAnswer {
        let safelisted: Set<String> = [
            "cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma",
        ]
        var exposed: [String] = []
        for name in answer.headerNames {
            let lowered = name.lowercased()
            guard !safelisted.contains(lowered), !lowered.hasPrefix("access-control-"), lowered != "vary",
                !exposed.contains(where: { $0.lowercased() == lowered })
            else { continue }
            exposed.append(name)
        }
        var fields = [
            ("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "true"),
        ]
        if !exposed.isEmpty { fields.append(("Access-Control-Expose-Headers", exposed.joined(separator: ", "))) }
        return answer.setting(fields).adding([("Vary", "Origin")])
    }

    /// Whether a request comes from a web page of another origin than the server's own, one
    /// `--cors` does not let in: its `Origin` names another, or the browser marks it cross-site
    /// (`Sec-Fetch-Site`, which an `<img>` carries with no `Origin`).
    private func isForeignPage(_ request: HTTPRequest) -> Bool {
        if let origin = request.header("Origin") {
            return !isOwn(origin: origin, host: request.header("Host"))
        }
        let site = request.header("Sec-Fetch-Site")?.lowercased()
        return site == "cross-site" || site == "same-site"
    }

    /// The answer to a CORS preflight from an allowed origin: every method, the headers asked for.
    private static func preflight(_ request: HTTPRequest, origin: String, path: Substring) -> HTTPAnswer {
        var headers = [
            ("Access-Control-Allow-Origin", origin), ("Vary", "Origin"),
            ("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"),
            ("Access-Control-Max-Age", "600"), ("Access-Control-Allow-Credentials", "true"),
        ]
        if let asked = request.header("Access-Control-Request-Headers") {
            headers.append(("Access-Control-Allow-Headers", asked))
        }
        return HTTPAnswer.response(
            status: 204, headers: headers, body: Data(), note: "OPTIONS \(path) (CORS preflight from \(origin))")
    }

    /// Whether an `Origin` is this server's own, as a page it served would send: `http://` and
    /// the very host and port the request was sent to (its `Host`), which names the server.
    /// `null` (a file, a sandbox), another site and another port of the machine are not.
    private func isOwn(origin: String, host: String?) -> Bool {
        guard let host, let parts = URLComponents(string: origin), let name = parts.host, parts.scheme == "http"
        else { return false }
        let bracketed = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
        let port = parts.port.map { ":\($0)" } ?? ""
        return (bracketed + port).lowercased() == host.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// A `Host` field's name without its port: `127.0.0.1:8080` is `127.0.0.1`, `[::1]:80` is `[::1]`.
    private static func hostName(_ field: String) -> String {
        // The parser gives field values trimmed.
        let text = field.lowercased()
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[...close])
        }
        return String(text.prefix { $0 != ":" })
    }

    /// The contract a name means: its identity (`contracts/x.json`), its path under `contracts/`,
    /// or its bare file name.
    static func find(_ name: String, in suite: ServedSuite) -> Result<ServedContract, ServeMessage> {
        if let exact = suite.contracts.first(where: { $0.identity == name }) { return .success(exact) }
        let found = suite.contracts.filter { $0.identity.hasSuffix("/" + name) }
        if found.count == 1 { return .success(found[0]) }
        if found.isEmpty { return .failure(ServeMessage("no contract is named \(JSONValue.quote(name))")) }
        return .failure(
            ServeMessage(
                "\(JSONValue.quote(name)) names \(found.count) contracts: \(found.map { JSONValue.quote($0.identity) }.joined(separator: ", "))"
            ))
    }

    // MARK: - Requests

    /// The path of a target in absolute form (`http://host/path`), or the path itself.
    private static func originPath(_ path: Substring) -> Substring {
        guard !path.hasPrefix("/"), let scheme = path.range(of: "://") else { return path }
        let rest = path[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return rest[slash...]
    }

    /// The query items of a query string, decoded.
    static func queryItems(_ query: Substring?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            // RFC 3986: a `+` is a `+`, not a space (that is HTML forms' encoding).
            func decoded(_ text: Substring) -> String {
                text.removingPercentEncoding ?? String(text)
            }
            return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
        }
    }

    /// Whether two queries hold the same items; a free item need only be in the second, with any value.
    private static func sameItems(
        _ a: [(name: String, value: String)], _ b: [(name: String, value: String)], free: Set<String> = []
    ) -> Bool {
        if !free.isEmpty {
            guard free.allSatisfy({ name in b.contains { $0.name == name } }) else { return false }
            return sameItems(a.filter { !free.contains($0.name) }, b.filter { !free.contains($0.name) })
        }
        guard a.count == b.count else { return false }
        // A secret's value is matched by presence: the app's own key is served, whatever it is.
        let key = { (item: (name: String, value: String)) in
            item.name + "\u{0}" + (Redaction.looksSecret(item.name) ? "" : item.value)
        }
        return a.map(key).sorted() == b.map(key).sorted()
    }

    /// The request as a log line shows it: the path and the query items the endpoint defines only.
    static func shown(
        _ request: HTTPRequest, path: String, query: [(name: String, value: String)], defined: Set<String>
    ) -> String {
        let kept = query.filter { defined.contains($0.name) && !Redaction.looksSecret($0.name) }
        var text = "\(request.method) \(VisibleText.escaped(path))"
        if !kept.isEmpty {
            var parts = URLComponents()
            parts.queryItems = kept.map { URLQueryItem(name: $0.name, value: $0.value) }
            text += "?" + (parts.percentEncodedQuery ?? "")
        }
        return text
    }

    /// What tells requests apart when matching: the method, the path as compared, the query, and
    /// the headers and body the contract states.
    static func requestKey(_ contract: ServedContract) -> String {
        guard let sent = contract.request else { return "" }
        let items = sent.query.map { $0.name + "=" + $0.value }.sorted().joined(separator: "&")
        let key = sent.method + " " + sent.comparedPath + "?" + items
        guard !contract.stated.isEmpty else { return key }
        let headers = contract.stated.headers.map { $0.name.lowercased() + ":" + ($0.value ?? "") }.sorted()
        return key + "\u{0}" + headers.joined(separator: "\u{0}") + "\u{0}" + (contract.stated.body?.jsonText ?? "")
    }

    /// The request a contract's client sends, as the listing and a 404 show it: method, path,
    /// query, and the headers (a presence-only one as `true`) and body the contract states; a
    /// header, query item or body member whose name looks secret as `true`, its value never shown.
    static func requestJSON(_ sent: SentRequest, stated: StatedRequest = .none, contract: ServedContract? = nil)
        -> JSONValue
    {
        let free = contract?.freeQuery ?? []
        let query = sent.query.map { item -> (String, JSONValue) in
            let open = free.contains(item.name) || Redaction.looksSecret(item.name)
            return (item.name, open ? .bool(true) : .string(item.value))
        }
        var members: [(String, JSONValue)] = [
            ("method", .string(sent.method)), ("path", .string(contract?.template?.text ?? sent.decodedPath)),
            ("query", object(query)),
        ]
        if !stated.headers.isEmpty {
            let headers = stated.headers.map { header -> (String, JSONValue) in
                let value = Redaction.looksSecret(header.name) ? nil : header.value
                return (header.name, value.map(JSONValue.string) ?? .bool(true))
            }
            members.append(("headers", object(headers)))
        }
        if let body = stated.body { members.append(("body", Redaction.redacted(body))) }
        return object(members)
    }
}

extension CaseRouter: GeneratedJSON {
    /// A JSON answer of the server's own (the control path's, a refusal's).
    /// - Parameters:
    ///   - status: The status.
    ///   - value: The body.
    ///   - note: The log line's note.
    /// - Returns: The answer, `Content-Type: application/json`.
    static func answer(status: Int, _ value: JSONValue, note: String) -> HTTPAnswer {
        HTTPAnswer.json(status: status, value.jsonText, note: note)
    }

    /// A request refused: `{"error": MESSAGE}` and the members that help the reader put it right.
    /// - Parameters:
    ///   - status: The status.
    ///   - message: What is wrong.
    ///   - more: Members after `error`: the contracts or cases there are, the nearest contract.
    ///   - note: The log line's note.
    /// - Returns: The answer.
    static func refused(status: Int, _ message: String, _ more: [(String, JSONValue)] = [], note: String)
        -> HTTPAnswer
    {
        answer(status: status, object([("error", .string(message))] + more), note: note)
    }
}
