import Foundation
import HTTPWire

/// The control path, `/_contracts`: what a UI test or the Pact verifier asks of the server, each
/// in its own session (`X-Contract-Session`).
extension CaseRouter {
    /// What the control path offers, for the messages of a request it does not take.
    private static var offer: String {
        "GET \(controlPath) lists, POST \(controlPath)/select selects, POST \(controlPath)/reset clears, "
            + "GET or DELETE \(controlPath)/requests reads or clears the journal, "
            + "POST \(controlPath)/state sets a provider state, POST \(controlPath)/sequence sets the answers in turn, "
            + "DELETE \(controlPath)/session forgets the session"
    }

    func control(_ request: HTTPRequest, path: Substring, session: String) -> HTTPAnswer {
        let action = path.dropFirst(Self.controlPath.count).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let note = "\(request.method) \(path)" + (session.isEmpty ? "" : " (session \(VisibleText.escaped(session)))")
        if request.method == "DELETE", action == "session" {
            state.withLock { state in
                // The default session is forgotten by starting over: it always exists.
                state.sessions[session] = nil
            }
            return HTTPAnswer.json(
                status: 200, "{\"session\":\(JSONValue.quote(session)),\"forgotten\":true}", note: note)
        }
        let now = clock()
        state.withLock { $0.touch(session, now: now, limits: limits) }
        switch (request.method, action) {
        case ("GET", ""), ("HEAD", ""):
            return HTTPAnswer.json(status: 200, listing(session: session), note: note)
        case ("POST", "reset"):
            state.withLock { $0.sessions[session]?.reset() }
            return HTTPAnswer.json(status: 200, "{\"reset\":true}", note: note)
        case ("POST", "sequence"):
            return sequence(request.body, session: session, note: note)
        case ("POST", "select"):
            return select(request.body, session: session, note: note)
        case ("GET", "requests"), ("HEAD", "requests"):
            let (journal, suite) = state.withLock { ($0.sessions[session]?.journal ?? [], $0.suite) }
            // Thousands of entries are written off the server's thread: no other request waits for them.
            return HTTPAnswer(
                kind: .later {
                    let entries = journal.map { entry in
                        entry.json(
                            defined: entry.contract.flatMap(suite.contract).map { suite.definedQuery(of: $0.endpoint) }
                                ?? [])
                    }
                    return HTTPAnswer.json(
                        status: 200, "{\"requests\":[\(entries.joined(separator: ","))]}", note: note)
                }, note: note)
        case ("DELETE", "requests"):
            state.withLock { $0.sessions[session]?.journal.removeAll() }
            return HTTPAnswer.json(status: 200, "{\"requests\":[]}", note: note)
        case ("POST", "state"):
            return providerState(request.body, session: session, note: note)
        case (_, ""), (_, "reset"), (_, "select"), (_, "requests"), (_, "state"), (_, "sequence"), (_, "session"):
            // RFC 9110 15.5.6: a 405 says which methods the resource takes.
            let allowed =
                switch action {
                case "": "GET, HEAD"
                case "requests": "GET, HEAD, DELETE"
                case "session": "DELETE"
                default: "POST"
                }
            return HTTPAnswer.json(
                status: 405,
                "{\"error\":\(JSONValue.quote("\(request.method) is not allowed on \(path): \(Self.offer)"))}",
                note: note
            ).adding([("Allow", allowed)])
        default:
            return HTTPAnswer.json(
                status: 404, "{\"error\":\(JSONValue.quote("unknown control path \(path): \(Self.offer)"))}",
                note: note)
        }
    }

    private func listing(session: String) -> String {
        let (suite, selections, sequences, positions) = state.withLock {
            (
                $0.suite, $0.sessions[session]?.selections ?? [:], $0.sessions[session]?.sequences ?? [:],
                $0.sessions[session]?.positions ?? [:]
            )
        }
        // Contracts whose clients send one request: only one of them answers it.
        var answerer: [String: String] = [:]
        for group in Dictionary(grouping: suite.contracts.filter { $0.request != nil }, by: { Self.requestKey($0) }) {
            let ordered = suite.contracts.filter { contract in group.value.contains { $0.identity == contract.identity }
            }
            let answers = Self.answering(
                ordered, selections: selections, choices: choices, sequenced: Set(sequences.keys)
            ).identity
            for contract in ordered { answerer[contract.identity] = answers }
        }
        let contracts = suite.contracts.map { contract -> String in
            let selected = selections[contract.identity].map { JSONValue.quote($0.caseName) } ?? "null"
            let request =
                contract.request.map { Self.requestJSON($0, stated: contract.stated, contract: contract) } ?? "null"
            let head =
                "{\"contract\":\(JSONValue.quote(contract.identity)),\"endpoint\":\(JSONValue.quote(contract.endpoint.name)),\"request\":\(request),\"selected\":\(selected)"
            let cases = "\"cases\":[\(contract.cases.map(\.listing).joined(separator: ","))]}"
            if let other = answerer[contract.identity], other != contract.identity {
                return head + ",\"answering\":null,\"answeredBy\":\(JSONValue.quote(other))," + cases
            }
            // The next case of a sequence, without taking the step.
            let sequence = sequences[contract.identity] ?? contract.sequence
            let next = sequence.isEmpty ? nil : sequence[min(positions[contract.identity] ?? 0, sequence.count - 1)]
            let answering =
                selections[contract.identity]?.caseName
                ?? next
                ?? choices.lazy.compactMap { choice in
                    choice.contract == nil || choice.contract == contract.identity
                        ? contract.servedCase(named: choice.caseName)?.name : nil
                }.first
                ?? contract.defaultCase?.name
            return head + ",\"answering\":\(answering.map(JSONValue.quote) ?? "null")," + cases
        }
        let apis = suite.apis.map {
            "{\"api\":\(JSONValue.quote($0.name)),\"basePath\":\(JSONValue.quote($0.basePath))}"
        }
        return "{\"apis\":[\(apis.joined(separator: ","))],\"contracts\":[\(contracts.joined(separator: ","))]}"
    }

    /// A control request's JSON object and the contract its `"contract"` names, or the answer
    /// that refuses it: a `400` with the usage for a body that is not such an object, a `404`
    /// listing the contracts for a name that is none of them.
    private func contractRequest(_ body: Data, usage: String, note: String) -> Result<
        (object: [String: Any], contract: ServedContract), ControlRefusal
    > {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let name = object["contract"] as? String
        else {
            return .failure(
                ControlRefusal(
                    answer: HTTPAnswer.json(
                        status: 400, "{\"error\":\(JSONValue.quote(usage))}", note: note + " (bad body)")))
        }
        let suite = self.suite
        switch Self.find(name, in: suite) {
        case .success(let found): return .success((object, found))
        case .failure(let message):
            let known = suite.contracts.map { JSONValue.quote($0.identity) }.joined(separator: ",")
            return .failure(
                ControlRefusal(
                    answer: HTTPAnswer.json(
                        status: 404, "{\"error\":\(JSONValue.quote(message.text)),\"contracts\":[\(known)]}",
                        note: note + " (\(message.text))")))
        }
    }

    private func select(_ body: Data, session: String, note: String) -> HTTPAnswer {
        let usage =
            "POST \(Self.controlPath)/select takes {\"contract\": \"contracts/x.json\", \"case\": \"NAME\"}"
        let object: [String: Any]
        let contract: ServedContract
        switch contractRequest(body, usage: usage, note: note) {
        case .success(let found): (object, contract) = found
        case .failure(let refusal): return refusal.answer
        }
        let cases = contract.cases.map { JSONValue.quote($0.name) }.joined(separator: ",")
        if object["case"] is NSNull {
            state.withLock { _ = $0.sessions[session]?.selections.removeValue(forKey: contract.identity) }
            return HTTPAnswer.json(
                status: 200, "{\"contract\":\(JSONValue.quote(contract.identity)),\"case\":null}", note: note)
        }
        guard let caseName = object["case"] as? String else {
            return HTTPAnswer.json(status: 400, "{\"error\":\(JSONValue.quote(usage))}", note: note + " (bad body)")
        }
        guard contract.servedCase(named: caseName) != nil else {
            let message = "\(contract.identity) has no case \(JSONValue.quote(caseName))"
            return HTTPAnswer.json(
                status: 400,
                "{\"error\":\(JSONValue.quote(message)),\"contract\":\(JSONValue.quote(contract.identity)),\"cases\":[\(cases)]}",
                note: note + " (\(message))")
        }
        state.withLock { $0.sessions[session, default: ServeSession()].select(caseName, of: contract.identity) }
        return HTTPAnswer.json(
            status: 200, "{\"contract\":\(JSONValue.quote(contract.identity)),\"case\":\(JSONValue.quote(caseName))}",
            note: note + " \(contract.identity) › \(caseName)")
    }

    /// `{"contract": ..., "cases": [A, B]}`: the contract's request is answered with A, then B,
    /// then B again, in this session, from now on; `"cases": null` goes back to the contract's own.
    private func sequence(_ body: Data, session: String, note: String) -> HTTPAnswer {
        let usage =
            "POST \(Self.controlPath)/sequence takes {\"contract\": \"contracts/x.json\", \"cases\": [\"NAME\", ...]}"
        let object: [String: Any]
        let contract: ServedContract
        switch contractRequest(body, usage: usage, note: note) {
        case .success(let found): (object, contract) = found
        case .failure(let refusal): return refusal.answer
        }
        if object["cases"] is NSNull {
            state.withLock { state in
                state.sessions[session]?.sequences[contract.identity] = nil
                state.sessions[session]?.positions[contract.identity] = nil
            }
            return HTTPAnswer.json(
                status: 200, "{\"contract\":\(JSONValue.quote(contract.identity)),\"cases\":null}", note: note)
        }
        guard let cases = object["cases"] as? [String], !cases.isEmpty else {
            return HTTPAnswer.json(status: 400, "{\"error\":\(JSONValue.quote(usage))}", note: note + " (bad body)")
        }
        if let unknown = cases.first(where: { contract.servedCase(named: $0) == nil }) {
            let known = contract.cases.map { JSONValue.quote($0.name) }.joined(separator: ",")
            return HTTPAnswer.json(
                status: 400,
                "{\"error\":\(JSONValue.quote("\(contract.identity) has no case \(JSONValue.quote(unknown))")),\"cases\":[\(known)]}",
                note: note + " (unknown case)")
        }
        state.withLock { state in
            state.sessions[session, default: ServeSession()].sequences[contract.identity] = cases
            state.sessions[session]?.positions[contract.identity] = nil
        }
        return HTTPAnswer.json(
            status: 200,
            "{\"contract\":\(JSONValue.quote(contract.identity)),\"cases\":[\(cases.map(JSONValue.quote).joined(separator: ","))]}",
            note: note)
    }

    /// The Pact verifier's state change (`--state-change-url`): `{"state": G, "action": "setup"}`
    /// selects, in every contract, the case whose provider state is G (its `given`, else its
    /// name, as `export pact` writes it); `"teardown"` clears the session's selections.
    private func providerState(_ body: Data, session: String, note: String) -> HTTPAnswer {
        let usage =
            "POST \(Self.controlPath)/state takes {\"state\": \"a provider state\", \"action\": \"setup\" or \"teardown\"}"
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let name = object["state"] as? String
        else {
            return HTTPAnswer.json(status: 400, "{\"error\":\(JSONValue.quote(usage))}", note: note + " (bad body)")
        }
        let action = object["action"] as? String ?? "setup"
        if action == "teardown" {
            state.withLock {
                $0.sessions[session]?.selections.removeAll()
                $0.sessions[session]?.flow = nil
            }
            return HTTPAnswer.json(
                status: 200, "{\"state\":\(JSONValue.quote(name)),\"action\":\"teardown\"}", note: note)
        }
        guard action == "setup" else {
            return HTTPAnswer.json(status: 400, "{\"error\":\(JSONValue.quote(usage))}", note: note + " (bad action)")
        }
        if let step = flowStep(named: name) {
            state.withLock { $0.sessions[session, default: ServeSession()].flow = step }
            return HTTPAnswer.json(
                status: 200,
                "{\"state\":\(JSONValue.quote(name)),\"flow\":{\"contract\":\(JSONValue.quote(step.contract)),\"case\":\(JSONValue.quote(step.caseName)),\"exchange\":\(step.next + 1)}}",
                note: note + " \(JSONValue.quote(name))")
        }
        let found = suite.contracts.compactMap { contract in
            contract.cases.first { ($0.given ?? $0.name) == name }.map { (contract.identity, $0.name) }
        }
        guard !found.isEmpty else {
            let known = Set(suite.contracts.flatMap { $0.cases.map { $0.given ?? $0.name } }).sorted()
            return HTTPAnswer.json(
                status: 404,
                "{\"error\":\(JSONValue.quote("no case has the provider state \(JSONValue.quote(name))")),\"states\":[\(known.map(JSONValue.quote).joined(separator: ","))]}",
                note: note + " (unknown state)")
        }
        state.withLock { state in
            for (contract, caseName) in found {
                state.sessions[session, default: ServeSession()].select(caseName, of: contract)
            }
        }
        let selected = found.map {
            "{\"contract\":\(JSONValue.quote($0.0)),\"case\":\(JSONValue.quote($0.1))}"
        }
        return HTTPAnswer.json(
            status: 200, "{\"state\":\(JSONValue.quote(name)),\"selected\":[\(selected.joined(separator: ","))]}",
            note: note + " \(JSONValue.quote(name))")
    }
}

/// A control request refused, with the answer that says why.
private struct ControlRefusal: Error {
    let answer: HTTPAnswer
}
