import Foundation

extension ContractLoader {
    /// Reads a case's `response`: a network error, or an HTTP answer with its status, headers and body.
    func readResponse(_ member: JSONMember, reader: inout ContractReader) -> ResponseSpec? {
        guard
            let members = reader.members(
                of: member.value, in: "\"response\"",
                allowed: ["status", "headers", "fixture", "body", "networkError", "delayMs"]
            )
        else { return nil }
        let delay = reader.integer(members["delayMs"], in: 0...600_000)?.value ?? 0
        if let networkError = reader.string(members["networkError"]) {
            return readNetworkError(
                networkError, members: members, delay: delay, at: member.value.position, reader: &reader)
        }
        let status = reader.integer(members["status"], in: 100...599)?.value ?? 200
        let headers = reader.stringObject(members["headers"])?.value ?? [:]
        checkHeaderNames(members["headers"], status: status, reader: &reader)
        let body = readBody(members, reader: &reader)
        return ResponseSpec(
            kind: .http(status: status, headers: headers, body: body), delayMs: delay, position: member.value.position)
    }

    /// A `networkError` response, which stands alone: no status, headers or body go with it.
    private func readNetworkError(
        _ networkError: Located<String>, members: MemberTable, delay: Int, at position: SourcePosition,
        reader: inout ContractReader
    ) -> ResponseSpec? {
        let combined = ["status", "headers", "fixture", "body"].filter { members[$0] != nil }
        if !combined.isEmpty {
            reader.error(
                "\"networkError\" cannot be combined with " + combined.map { "\"\($0)\"" }.joined(separator: ", "),
                at: networkError.position)
        }
        guard let code = NetworkErrorNames.code(named: networkError.value) else {
            let known = NetworkErrorNames.codes.map(\.name).joined(separator: ", ")
            reader.error(
                "unknown networkError \"\(networkError.value)\"; known names are \(known)",
                at: networkError.position)
            return nil
        }
        return ResponseSpec(
            kind: .networkError(code: code, name: networkError.value), delayMs: delay, position: position)
    }

    /// The body: a `fixture` file, an inline `body`, or none; the fixture's path must stay in the suite.
    private func readBody(_ members: MemberTable, reader: inout ContractReader) -> ResponseSpec.Body {
        let fixture = reader.string(members["fixture"])
        let inline = reader.string(members["body"])
        if let fixture, inline != nil {
            reader.error("a response takes \"fixture\" or \"body\", not both", at: fixture.position)
        } else if let fixture {
            switch fixtures.resolvePath(fixture.value) {
            case .success(let file): return .fixture(path: fixture.value, file: file, position: fixture.position)
            case .failure(let problem): reader.error(problem.message, at: fixture.position)
            }
        } else if let inline {
            return .inline(inline.value)
        }
        return .none
    }
}
