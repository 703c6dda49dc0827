import Foundation
import HTTPWire

extension CaseRouter {
    /// The answer of the flow under way in a session, when the request is its next exchange's:
    /// the step taken, and the flow over after its last. A request that is not the next exchange's
    /// is routed as any request (the contract's own request starts its flow again).
    /// - Parameters:
    ///   - request: The request.
    ///   - path: The path as sent.
    ///   - session: The request's session.
    /// - Returns: The answer with the contract and case behind it; `nil` when no flow takes the request.
    func continueFlow(_ request: HTTPRequest, path: Substring, session: String?)
        -> (answer: HTTPAnswer, contract: String, caseName: String)?
    {
        // A session nothing keeps (a page of another origin) has no flow under way.
        guard let session else { return nil }
        // A HEAD is answered as its GET would be, without the body.
        let method = request.method == "HEAD" ? "GET" : request.method
        let query = Self.queryItems(request.query)
        let closing = !request.keepsAlive
        let taken: (step: ServedStep, number: Int, count: Int, contract: String, caseName: String)? = state.withLock {
            state in
            guard let flow = state.sessions[session]?.flow, flow.next < flow.steps.count,
                flow.steps[flow.next].answers(method: method, path: path, query: query)
            else { return nil }
            let next = flow.next + 1
            state.sessions[session]?.flow =
                next < flow.steps.count ? (flow.contract, flow.caseName, flow.steps, next) : nil
            return (flow.steps[flow.next], flow.next + 1, flow.steps.count, flow.contract, flow.caseName)
        }
        guard let taken else { return nil }
        // Logged as any request is: its defined query items shown, secrets and others left out.
        let suite = self.suite
        let endpoint = suite.contracts.first { $0.identity == taken.contract }?.endpoint
        let shown = Self.shown(
            request, path: String(path), query: query, defined: endpoint.map { suite.definedQuery(of: $0) } ?? [])
        let note = "\(shown) \(taken.contract) › \(taken.caseName) (exchange \(taken.number) of \(taken.count))"
        return (taken.step.served.answer(note: note, closing: closing), taken.contract, taken.caseName)
    }

    /// The answer of the case chosen for a request: its own, or for a flow its first exchange's,
    /// the flow then under way in the session.
    func serve(_ chosen: ServedCase, of contract: String, note: String, session: String?, closing: Bool) -> HTTPAnswer {
        chosen.steps.isEmpty
            ? chosen.answer(note: note, closing: closing)
            : startFlow(chosen, of: contract, note: note, session: session, closing: closing)
    }

    /// The first exchange's answer of a flow case chosen for a request, the flow then under way in
    /// the session: its next requests are answered by its next exchanges, in order.
    /// - Parameters:
    ///   - flow: The flow case; its steps are not empty.
    ///   - contract: Its contract's identity.
    ///   - note: The log line's start.
    ///   - session: The request's session; `nil` for a page of another origin, which is answered
    ///     the first exchange and starts no flow.
    ///   - closing: Whether the connection closes after the answer.
    /// - Returns: The answer.
    func startFlow(_ flow: ServedCase, of contract: String, note: String, session: String?, closing: Bool)
        -> HTTPAnswer
    {
        if let session {
            state.withLock { state in
                state.sessions[session, default: ServeSession()].flow =
                    flow.steps.count > 1 ? (contract, flow.name, flow.steps, 1) : nil
            }
        }
        return flow.steps[0].served.answer(
            note: "\(note) (exchange 1 of \(flow.steps.count))", closing: closing)
    }
}

extension CaseRouter {
    /// The flow and step a provider state names (`token refreshed, exchange 2 of 3`, as the
    /// exported pact states it): the flow set to answer that exchange next; `nil` for a state that
    /// names no step of a flow.
    func flowStep(named state: String) -> (contract: String, caseName: String, steps: [ServedStep], next: Int)? {
        for contract in suite.contracts {
            for served in contract.cases where !served.steps.isEmpty {
                let flow = served.given ?? served.name
                for index in served.steps.indices
                where PactExport.flowState(flow, step: index + 1, of: served.steps.count) == state {
                    return (contract.identity, served.name, served.steps, index)
                }
            }
        }
        return nil
    }
}
