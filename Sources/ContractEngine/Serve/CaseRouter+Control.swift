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
        if request.method == "DELETE", action == "session" { return forget(session, note: note) }
        let now = clock()
        state.withLock { $0.touch(session, now: now, limits: limits) }
        switch (request.method, action) {
        case ("GET", ""), ("HEAD", ""):
            return Self.answer(status: 200, listing(session: session), note: note)
        case ("POST", "reset"):
            state.withLock { $0.sessions[session]?.reset() }
            return Self.answer(status: 200, Self.object([("reset", .bool(true))]), note: note)
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
                    return Self.answer(status: 200, Self.object([("requests", Self.array(entries))]), note: note)
                }, note: note)
        case ("DELETE", "requests"):
            state.withLock { $0.sessions[session]?.journal.removeAll() }
            return Self.answer(status: 200, Self.object([("requests", Self.array([]))]), note: note)
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
            return Self.refused(
                status: 405, "\(request.method) is not allowed on \(path): \(Self.offer)", note: note
            ).adding([("Allow", allowed)])
        default:
            return Self.refused(status: 404, "unknown control path \(path): \(Self.offer)", note: note)
        }
    }

    /// Forgets a session: its selections, sequences, flow and journal. The default session starts
    /// over empty.
    private func forget(_ session: String, note: String) -> HTTPAnswer {
        state.withLock { _ = $0.sessions.removeValue(forKey: session) }
        return Self.answer(
            status: 200, Self.object([("session", .string(session)), ("forgotten", .bool(true))]), note: note)
    }

    private func listing(session: String) -> JSONValue {
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
        let contracts = suite.contracts.map { contract -> JSONValue in
            let request = contract.request.map { Self.requestJSON($0, stated: contract.stated, contract: contract) }
            var members: [(String, JSONValue)] = [
                ("contract", .string(contract.identity)), ("endpoint", .string(contract.endpoint.name)),
                ("request", request ?? .null),
                ("selected", Self.text(selections[contract.identity]?.caseName)),
                ("cases", Self.array(contract.cases.map(\.listing))),
            ]
            if let other = answerer[contract.identity], other != contract.identity {
                members += [("answering", .null), ("answeredBy", .string(other))]
                return Self.object(members)
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
            members.append(("answering", Self.text(answering)))
            return Self.object(members)
        }
        let apis = suite.apis.map { Self.object([("api", .string($0.name)), ("basePath", .string($0.basePath))]) }
        return Self.object([("apis", Self.array(apis)), ("contracts", Self.array(contracts))])
    }

    /// A control request's body: a JSON object's members, or `nil` when it is not one.
    private static func members(of body: Data) -> [String: JSONValue]? {
        guard case .object(let members)? = StatedRequest.jsonBody(body) else { return nil }
        // The first of a key given twice, as JSONDecoder reads it.
        return Dictionary(members.map { ($0.key, $0.value.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// What a control request that names a contract asks, done with its JSON object and the
    /// contract its `"contract"` names; or the answer that refuses it: a `400` with the usage for a
    /// body that is not such an object, a `404` listing the contracts for a name that is none of them.
    private func withContract(
        _ body: Data, usage: String, note: String, _ act: ([String: JSONValue], ServedContract) -> HTTPAnswer
    ) -> HTTPAnswer {
        guard let object = Self.members(of: body), case .string(let name)? = object["contract"] else {
            return Self.refused(status: 400, usage, note: note + " (bad body)")
        }
        let suite = self.suite
        switch Self.find(name, in: suite) {
        case .success(let contract): return act(object, contract)
        case .failure(let message):
            return Self.refused(
                status: 404, message.text, [("contracts", Self.strings(suite.contracts.map(\.identity)))],
                note: note + " (\(message.text))")
        }
    }

    private func select(_ body: Data, session: String, note: String) -> HTTPAnswer {
        let usage =
            "POST \(Self.controlPath)/select takes {\"contract\": \"contracts/x.json\", \"case\": \"NAME\"}"
        return withContract(body, usage: usage, note: note) { object, contract in
            if object["case"] == .null {
                state.withLock { _ = $0.sessions[session]?.selections.removeValue(forKey: contract.identity) }
                return Self.answer(
                    status: 200, Self.object([("contract", .string(contract.identity)), ("case", .null)]), note: note)
            }
            guard case .string(let caseName)? = object["case"] else {
                return Self.refused(status: 400, usage, note: note + " (bad body)")
            }
            guard contract.servedCase(named: caseName) != nil else {
                let message = "\(contract.identity) has no case \(JSONValue.quote(caseName))"
                return Self.refused(
                    status: 400, message,
                    [("contract", .string(contract.identity)), ("cases", Self.strings(contract.cases.map(\.name)))],
                    note: note + " (\(message))")
            }
            state.withLock { $0.sessions[session, default: ServeSession()].select(caseName, of: contract.identity) }
            return Self.answer(
                status: 200, Self.object([("contract", .string(contract.identity)), ("case", .string(caseName))]),
                note: note + " \(contract.identity) › \(caseName)")
        }
    }

    /// `{"contract": ..., "cases": [A, B]}`: the contract's request is answered with A, then B,
    /// then B again, in this session, from now on; `"cases": null` goes back to the contract's own.
    private func sequence(_ body: Data, session: String, note: String) -> HTTPAnswer {
        let usage =
            "POST \(Self.controlPath)/sequence takes {\"contract\": \"contracts/x.json\", \"cases\": [\"NAME\", ...]}"
        return withContract(body, usage: usage, note: note) { object, contract in
            if object["cases"] == .null {
                state.withLock { state in
                    state.sessions[session]?.sequences[contract.identity] = nil
                    state.sessions[session]?.positions[contract.identity] = nil
                }
                return Self.answer(
                    status: 200, Self.object([("contract", .string(contract.identity)), ("cases", .null)]), note: note)
            }
            guard case .array(let elements)? = object["cases"], !elements.isEmpty else {
                return Self.refused(status: 400, usage, note: note + " (bad body)")
            }
            let cases = elements.compactMap { element -> String? in
                guard case .string(let name) = element.value else { return nil }
                return name
            }
            guard cases.count == elements.count else {
                return Self.refused(status: 400, usage, note: note + " (bad body)")
            }
            if let unknown = cases.first(where: { contract.servedCase(named: $0) == nil }) {
                return Self.refused(
                    status: 400, "\(contract.identity) has no case \(JSONValue.quote(unknown))",
                    [("cases", Self.strings(contract.cases.map(\.name)))], note: note + " (unknown case)")
            }
            state.withLock { state in
                state.sessions[session, default: ServeSession()].sequences[contract.identity] = cases
                state.sessions[session]?.positions[contract.identity] = nil
            }
            return Self.answer(
                status: 200, Self.object([("contract", .string(contract.identity)), ("cases", Self.strings(cases))]),
                note: note)
        }
    }

    /// The Pact verifier's state change (`--state-change-url`): `{"state": G, "action": "setup"}`
    /// selects, in every contract, the case whose provider state is G (its `given`, else its
    /// name, as `export pact` writes it); `"teardown"` clears the session's selections.
    private func providerState(_ body: Data, session: String, note: String) -> HTTPAnswer {
        let usage =
            "POST \(Self.controlPath)/state takes {\"state\": \"a provider state\", \"action\": \"setup\" or \"teardown\"}"
        guard let object = Self.members(of: body), case .string(let name)? = object["state"] else {
            return Self.refused(status: 400, usage, note: note + " (bad body)")
        }
        let action: String
        switch object["action"] {
        case nil: action = "setup"
        case .string(let given)?: action = given
        default: return Self.refused(status: 400, usage, note: note + " (bad action)")
        }
        if action == "teardown" {
            state.withLock {
                $0.sessions[session]?.selections.removeAll()
                $0.sessions[session]?.flow = nil
            }
            return Self.answer(
                status: 200, Self.object([("state", .string(name)), ("action", .string("teardown"))]), note: note)
        }
        guard action == "setup" else { return Self.refused(status: 400, usage, note: note + " (bad action)") }
        if let step = flowStep(named: name) {
            state.withLock { $0.sessions[session, default: ServeSession()].flow = step }
            let flow = Self.object([
                ("contract", .string(step.contract)), ("case", .string(step.caseName)),
                ("exchange", Self.integer(step.next + 1)),
            ])
            return Self.answer(
                status: 200, Self.object([("state", .string(name)), ("flow", flow)]),
                note: note + " \(JSONValue.quote(name))")
        }
        let found = suite.contracts.compactMap { contract in
            contract.cases.first { ($0.given ?? $0.name) == name }.map { (contract.identity, $0.name) }
        }
        guard !found.isEmpty else {
            let known = Set(suite.contracts.flatMap { $0.cases.map { $0.given ?? $0.name } }).sorted()
            return Self.refused(
                status: 404, "no case has the provider state \(JSONValue.quote(name))",
                [("states", Self.strings(known))],
                note: note + " (unknown state)")
        }
        state.withLock { state in
            for (contract, caseName) in found {
                state.sessions[session, default: ServeSession()].select(caseName, of: contract)
            }
        }
        let selected = found.map { Self.object([("contract", .string($0.0)), ("case", .string($0.1))]) }
        return Self.answer(
            status: 200, Self.object([("state", .string(name)), ("selected", Self.array(selected))]),
            note: note + " \(JSONValue.quote(name))")
    }
}
