import ContractCatalogue
import Foundation

extension ContractLoader {
    /// Reads `request`: the method, path, query, headers and body the client must send, each
    /// problem where it is written.
    /// - Parameter step: For a flow's exchange, its number counted from 1: its headers may take
    ///   their value from an earlier exchange's response.
    func readRequest(
        _ member: JSONMember?, endpoint: Endpoint?, named: Bool, step: Int? = nil, reader: inout ContractReader
    ) -> RequestExpectation? {
        guard let member else { return nil }
        if endpoint == nil, !named {
            reader.error("\"request\" needs an \"endpoint\" whose client sends it", at: member.keyPosition)
        }
        guard
            let members = reader.members(
                of: member.value, in: "\"request\"",
                allowed: ["method", "path", "query", "headers", "body", "bodyFixture"])
        else { return nil }
        var request = RequestExpectation()
        request.method = readMethod(members["method"], reader: &reader)
        request.path = reader.string(members["path"])
        if let path = request.path, let problem = PathTemplate.problem(in: path.value) {
            reader.error(problem, at: path.position)
        }
        (request.query, request.freeQuery) = readQuery(members["query"], reader: &reader)
        request.headers = readRequestHeaders(members["headers"], step: step, reader: &reader)
        request.body = readRequestBody(members, reader: &reader)
        return request
    }

    /// `query`: each item a value the client must send, or `true` for one it sends with any value.
    private func readQuery(_ member: JSONMember?, reader: inout ContractReader) -> (
        Located<[String: String]>?, Set<String>
    ) {
        guard let member else { return (nil, []) }
        guard case .object(let list) = member.value.value else {
            reader.error(
                "\"query\" must be an object of strings, or true for an item sent with any value, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return (nil, [])
        }
        var values: [String: String] = [:]
        var free: Set<String> = []
        for entry in list {
            if values[entry.key] != nil || free.contains(entry.key) {
                reader.error("duplicate key \(JSONValue.quote(entry.key)) in \"query\"", at: entry.keyPosition)
                continue
            }
            switch entry.value.value {
            case .string(let value): values[entry.key] = value
            case .bool(true): free.insert(entry.key)
            default:
                reader.error(
                    "\"query\".\(JSONValue.quote(entry.key)) must be a string, or true for an item sent with any value, found \(entry.value.value.foundDescription)",
                    at: entry.value.position)
            }
        }
        return (Located(value: values, position: member.value.position), free)
    }

    /// `method`: one of the methods a JSON client sends, in upper case as HTTP writes them.
    private func readMethod(_ member: JSONMember?, reader: inout ContractReader) -> Located<String>? {
        guard let method = reader.string(member) else { return nil }
        guard RequestExpectation.methods.contains(method.value) else {
            let known = RequestExpectation.methods.map { JSONValue.quote($0) }.joined(separator: ", ")
            let upper = method.value.uppercased()
            let hint =
                RequestExpectation.methods.contains(upper) ? "; did you mean \(JSONValue.quote(upper))?" : ""
            reader.error(
                "\"method\" must be one of \(known), found \(JSONValue.quote(method.value))\(hint)",
                at: method.position)
            return nil
        }
        return method
    }

    /// `headers`: each a value the client must send, or `true` for one it must send whose value
    /// the contract does not state; a header that carries a credential is never written with
    /// its value.
    private func readRequestHeaders(_ member: JSONMember?, step: Int?, reader: inout ContractReader)
        -> [RequestExpectation.Header]
    {
        guard let member else { return [] }
        guard case .object(let list) = member.value.value else {
            reader.error(
                "\"headers\" must be an object of header names, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return []
        }
        var headers: [RequestExpectation.Header] = []
        for entry in list {
            let name = JSONValue.quote(entry.key)
            if let first = headers.first(where: { $0.name.caseInsensitiveCompare(entry.key) == .orderedSame }) {
                reader.error(
                    "duplicate header \(name) in \"headers\" (names ignore case; first at line \(first.position.line))",
                    at: entry.keyPosition)
                continue
            }
            switch entry.value.value {
            case .string where Redaction.secretHeaders.contains(entry.key.lowercased()):
                reader.error(
                    "header \(name) carries a credential: write true (the client sends it), never its value",
                    at: entry.value.position)
            case .string(let value):
                headers.append(.init(name: entry.key, value: value, position: entry.value.position))
            case .bool(true):
                headers.append(.init(name: entry.key, value: nil, position: entry.value.position))
            case .object where step != nil:
                guard let echo = readEcho(entry, step: step ?? 1, reader: &reader) else { continue }
                headers.append(.init(name: entry.key, value: nil, position: entry.value.position, echo: echo))
            default:
                reader.error(
                    "header \(name) must be a string, or true for a header sent with any value, found \(entry.value.value.foundDescription)",
                    at: entry.value.position)
            }
        }
        return headers
    }

    /// `body` (JSON written in place) or `bodyFixture` (a path under the fixtures folder), not both.
    private func readRequestBody(_ members: MemberTable, reader: inout ContractReader) -> RequestExpectation.Body? {
        let inline = members["body"]
        let fixture = reader.string(members["bodyFixture"])
        if let inline, fixture != nil {
            reader.error("a request takes \"body\" or \"bodyFixture\", not both", at: inline.keyPosition)
            return nil
        }
        if let inline { return .inline(inline.value) }
        guard let fixture else { return nil }
        switch fixtures.resolvePath(fixture.value) {
        case .success(let file): return .fixture(path: fixture.value, file: file, position: fixture.position)
        case .failure(let problem):
            reader.error(problem.message, at: fixture.position)
            return nil
        }
    }

    /// A flow's header whose value the client takes from an earlier exchange's response:
    /// `{"fromExchange": 2, "path": "access_token"}`.
    private func readEcho(_ entry: JSONMember, step: Int, reader: inout ContractReader) -> RequestExpectation.Echo? {
        let name = JSONValue.quote(entry.key)
        guard
            let members = reader.members(
                of: entry.value, in: "header \(name)", allowed: ["fromExchange", "path"])
        else { return nil }
        guard step > 1 else {
            reader.error(
                "header \(name) takes its value from an earlier exchange, but exchange 1 has none before it",
                at: entry.value.position)
            return nil
        }
        guard let from = members["fromExchange"], let path = members["path"] else {
            reader.error(
                "header \(name) takes its value from an earlier exchange: write \"fromExchange\" (its number) and \"path\" (where its response's body holds the value)",
                at: entry.value.position)
            return nil
        }
        guard let exchange = reader.integer(from, in: 1...(step - 1)), let written = reader.string(path) else {
            return nil
        }
        guard let parsed = JSONPath(parsing: written.value), !parsed.segments.isEmpty,
            !parsed.segments.contains(.anyKey)
        else {
            reader.error(
                "\"path\" must name one value of exchange \(exchange.value)'s response body, such as \"access_token\" or \"[0].token\", found \(JSONValue.quote(written.value))",
                at: written.position)
            return nil
        }
        return .init(exchange: exchange.value, path: parsed, written: written.value)
    }
}
