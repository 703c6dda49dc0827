import Foundation
import HTTPWire

extension CaseRouter {
    /// The answer of the flow under way in a session, when the request is its next exchange's:
    /// the step taken, and the flow over after its last. A request that is not the next exchange's
    /// is routed as any request (the contract's own request starts its flow again).
    /// - Parameters:
    ///   - method: The request's method, a `HEAD` as its `GET`.
    ///   - path: The path as sent.
    ///   - query: The query items as sent.
    ///   - session: The request's session; `nil` for a page of another origin, which has none.
    ///   - closing: Whether the connection closes after the answer.
    /// - Returns: The answer with the contract and case behind it; `nil` when no flow takes the request.
    func continueFlow(
        method: String, path: Substring, query: [(name: String, value: String)], session: String?, closing: Bool
    ) -> (answer: HTTPAnswer, contract: String, caseName: String)? {
        guard let session else { return nil }
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
        let note =
            "\(method) \(path) \(taken.contract) › \(taken.caseName) (exchange \(taken.number) of \(taken.count))"
        return (taken.step.served.answer(note: note, closing: closing), taken.contract, taken.caseName)
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
