import ContractCatalogue
import Foundation

extension ContractLoader {
    /// Reads a flow's `exchanges`: each a request the client must send and the response it gets,
    /// in order, each problem where it is written.
    /// - Parameters:
    ///   - member: The case's `exchanges`.
    ///   - endpoint: The contract's endpoint; a fixture contract has no client to make a flow.
    ///   - reader: Collects the problems.
    /// - Returns: The exchanges, or `nil` when one of them cannot be read.
    func readExchanges(_ member: JSONMember, endpoint: Endpoint?, reader: inout ContractReader) -> [Exchange]? {
        if endpoint == nil {
            reader.error(
                "\"exchanges\" make a flow through the client, and a fixture contract (no \"endpoint\") has none",
                at: member.keyPosition)
        }
        guard case .array(let nodes) = member.value.value else {
            reader.error(
                "\"exchanges\" must be an array of exchanges, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return nil
        }
        guard !nodes.isEmpty else {
            reader.error(
                "\"exchanges\" must list at least one exchange (a request and its response)", at: member.value.position)
            return nil
        }
        var exchanges: [Exchange] = []
        var complete = true
        for (index, node) in nodes.enumerated() {
            guard let exchange = readExchange(node, step: index + 1, endpoint: endpoint, reader: &reader) else {
                complete = false
                continue
            }
            exchanges.append(exchange)
        }
        return complete ? exchanges : nil
    }

    /// One exchange: its `request` and its `response`, both required.
    private func readExchange(_ node: JSONNode, step: Int, endpoint: Endpoint?, reader: inout ContractReader)
        -> Exchange?
    {
        let context = "exchange \(step)"
        guard let members = reader.members(of: node, in: context, allowed: ["request", "response"]) else {
            return nil
        }
        var request: RequestExpectation?
        if let member = members["request"] {
            request = readRequest(member, endpoint: endpoint, named: true, step: step, reader: &reader)
        } else {
            reader.error(
                "missing required key \"request\" in \(context): a flow holds the client to each request it sends",
                at: node.position)
        }
        var response: ResponseSpec?
        if let member = members["response"] {
            response = readResponse(member, reader: &reader)
        } else {
            reader.error("missing required key \"response\" in \(context)", at: node.position)
        }
        guard let request, let response else { return nil }
        return Exchange(request: request, response: response, position: node.position)
    }
}
