import ContractCatalogue
import Foundation

extension ContractLoader {
    /// Reads a case's `expect`: that the body decodes (with a count and values), or the error the
    /// client gives, named in the endpoint's vocabulary (`APIError`'s for a fixture contract).
    func readExpectation(
        _ member: JSONMember, model: ModelDescriptor, endpoint: Endpoint?, reader: inout ContractReader
    )
        -> Expectation?
    {
        guard
            let members = reader.members(
                of: member.value, in: "\"expect\"",
                allowed: ["decodes", "count", "values", "error", "status", "path", "sent"]
            )
        else { return nil }
        let decodes = reader.bool(members["decodes"])
        let errorName = reader.string(members["error"])
        let position = member.value.position
        switch (decodes, errorName) {
        case (_?, _?):
            reader.error("\"expect\" takes \"decodes\" or \"error\", not both", at: position)
            return nil
        case (let decodes?, nil):
            return readDecodes(
                decodes, members: members, model: model, endpoint: endpoint, at: position, reader: &reader)
        case (nil, let errorName?):
            return readFailure(
                errorName, members: members, errors: endpoint?.errors ?? .apiError, rules: endpoint?.rules ?? .standard,
                at: position, reader: &reader)
        case (nil, nil):
            reader.error("\"expect\" needs \"decodes\": true or \"error\"", at: position)
            return nil
        }
    }

    /// `"decodes": true`, with the keys that go with it.
    private func readDecodes(
        _ decodes: Located<Bool>, members: MemberTable, model: ModelDescriptor, endpoint: Endpoint?,
        at position: SourcePosition, reader: inout ContractReader
    ) -> Expectation? {
        guard decodes.value else {
            reader.error(
                "\"decodes\": false is not an expectation; name the failure with \"error\"", at: decodes.position)
            return nil
        }
        for key in ["status", "path", "sent"] where members[key] != nil {
            reader.error(
                "\"\(key)\" goes with \"error\", not with \"decodes\"", at: members[key]?.keyPosition ?? position)
        }
        if !model.readsBody, let endpoint {
            for key in ["count", "values"] where members[key] != nil {
                reader.error(
                    "\"\(key)\" reads a decoded value, and \"\(endpoint.name)\" returns nothing",
                    at: members[key]?.keyPosition ?? position)
            }
        }
        let count = reader.integer(members["count"], in: 0...Int.max)
        if let count, !model.isArray {
            reader.error("\"count\" needs an array model; \"\(model.name)\" is not one", at: count.position)
        }
        let values = readValues(members["values"], reader: &reader)
        return Expectation(kind: .decodes(count: count, values: values), position: position)
    }

    /// `"error"`: one of the client's errors, with the `status` or `path` that error carries.
    private func readFailure(
        _ errorName: Located<String>, members: MemberTable, errors: ErrorVocabulary, rules: OutcomeRules,
        at position: SourcePosition, reader: inout ContractReader
    ) -> Expectation? {
        guard let errorCase = errors.errorCase(named: errorName.value) else {
            let names = errors.cases.map(\.name)
            let known = names.map { "\"\($0)\"" }.joined(separator: ", ")
            var message = "unknown error \"\(errorName.value)\"; expected one of \(known)"
            if let near = NearestName.nearest(to: errorName.value, among: names) {
                message += "; did you mean \"\(near)\"?"
            }
            reader.error(message, at: errorName.position)
            return nil
        }
        let name = ErrorName(errorCase.name, in: errors)
        for key in ["count", "values"] where members[key] != nil {
            reader.error(
                "\"\(key)\" goes with \"decodes\", not with \"error\"", at: members[key]?.keyPosition ?? position)
        }
        let status = reader.integer(members["status"], in: 100...599)
        if let status, !name.carriesStatus {
            let carriers = errors.cases.filter { $0.payload == .status }.map { "\"\($0.name)\"" }
            let with = carriers.isEmpty ? "no error of \(errors.typeName)" : carriers.joined(separator: ", ")
            reader.error("\"status\" goes with \(with), not \"\(name.name)\"", at: status.position)
        }
        let path = readFailurePath(members["path"], name: name, errors: errors, reader: &reader)
        let beforeSending = readSent(members["sent"], status: status, path: path, reader: &reader)
        var expectation = Expectation(kind: .error(name, status: status, path: path), position: position)
        expectation.beforeSending = beforeSending
        expectation.needsReplay = beforeSending || !rules.errorNames.contains(name.name)
        return expectation
    }

    /// `"sent": false`: the client answers the error before sending a request, so no response
    /// gives it a status or a body a path.
    private func readSent(
        _ member: JSONMember?, status: Located<Int>?, path: Located<JSONPath>?, reader: inout ContractReader
    ) -> Bool {
        guard let sent = reader.bool(member) else { return false }
        guard !sent.value else {
            reader.error(
                "\"sent\": true is what every case without it expects; write \"sent\": false for an error the client answers before sending a request",
                at: sent.position)
            return false
        }
        if let status {
            reader.error(
                "\"status\" comes from a response, and an error before sending (\"sent\": false) has none",
                at: status.position)
        }
        if let path {
            reader.error(
                "\"path\" is where a response's body fails to decode, and an error before sending (\"sent\": false) reads none",
                at: path.position)
        }
        return true
    }

    /// The `path` where a decoding failure (`jsonConversionFailure`) fails.
    private func readFailurePath(
        _ member: JSONMember?, name: ErrorName, errors: ErrorVocabulary, reader: inout ContractReader
    ) -> Located<JSONPath>? {
        guard let text = reader.string(member) else { return nil }
        guard name.isDecodingFailure else {
            let carriers = errors.cases.filter { $0.payload == .decodingFailure }.map { "\"\($0.name)\"" }
            let with = carriers.isEmpty ? "no error of \(errors.typeName)" : carriers.joined(separator: ", ")
            reader.error("\"path\" goes with \(with), not \"\(name.name)\"", at: text.position)
            return nil
        }
        guard let parsed = JSONPath(parsing: text.value) else {
            reader.error("\"\(text.value)\" is not a path; write paths like \"[0].name.common\"", at: text.position)
            return nil
        }
        return Located(value: parsed, position: text.position)
    }

    private func readValues(_ member: JSONMember?, reader: inout ContractReader) -> [ValueExpectation] {
        guard let member else { return [] }
        guard case .object(let entries) = member.value.value else {
            reader.error(
                "\"values\" must be an object of path to value, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return []
        }
        var seen = Set<String>()
        return entries.compactMap { entry in
            guard seen.insert(entry.key).inserted else {
                reader.error("duplicate key \"\(entry.key)\" in \"values\"", at: entry.keyPosition)
                return nil
            }
            guard let path = JSONPath(parsing: entry.key) else {
                reader.error(
                    "\"\(entry.key)\" is not a path; write paths like \"[0].name.common\"", at: entry.keyPosition)
                return nil
            }
            return ValueExpectation(path: path, value: entry.value.value, position: entry.keyPosition)
        }
    }
}
