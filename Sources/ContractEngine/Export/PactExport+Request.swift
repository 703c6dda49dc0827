import ContractCatalogue
import Foundation

// An interaction's request: the one the client sends, and what its contract states besides.
extension PactExport {
    /// The request the client sends, learnt on the stub: method, path as sent, query, and the
    /// headers but those whose names look secret (the pact is shared with another team: a key the
    /// client takes from its configuration is never written); then the headers the contract
    /// states, a value as stated and a secret (presence-only, or under a secret name) as a
    /// placeholder any value matches, and the body it states, a secret member a placeholder too,
    /// with the rules the request model gives its keys.
    /// - Parameters:
    ///   - endpoint: The contract's endpoint.
    ///   - contract: The contract.
    ///   - fixtures: Where a `bodyFixture` is.
    ///   - requestShape: The request model's shape as the suite's bodies spell it, or `nil` for an
    ///     endpoint without a request model (its body is then compared as written).
    /// - Returns: The request's members, or why it cannot be stated.
    static func requestMembers(
        _ endpoint: Endpoint, contract: Contract, fixtures: FixtureLocator,
        requestShape: Result<ModelShape, ModelShape.Unlearnable>?
    ) async -> Result<[(String, JSONValue)], ExportFailure> {
        let stated: StatedRequest
        switch StatedRequest.of(contract, fixtures: fixtures) {
        case .success(let read): stated = read
        case .failure(let diagnostic): return .failure(ExportFailure(reason: diagnostic.rendered))
        }
        let request: ClientRequest
        switch await ClientRequest.learn(endpoint, arguments: contract.arguments) {
        case .failure(let failure): return .failure(ExportFailure(failure))
        case .success(let learnt): request = learnt
        }
        var members: [(String, JSONValue)] = [("method", .string(request.method)), ("path", .string(request.sentPath))]
        var rules: [(String, JSONValue)] = []
        var statedQuery: [String: String?] = contract.request?.query?.value ?? [:]
        for name in contract.request?.freeQuery ?? [] { statedQuery[name] = .some(nil) }
        let (query, queryRules) = queryMembers(request.queryItems, stated: statedQuery)
        if let query { members.append(("query", query)) }
        if !queryRules.isEmpty { rules.append(("query", object(queryRules))) }
        let statedNames = Set(stated.headers.map { $0.name.lowercased() })
        var headers = request.headers.filter {
            Redaction.mayKeep(header: $0.key) && !Redaction.looksSecret($0.key)
                && !statedNames.contains($0.key.lowercased())
        }
        var headerRules: [(String, JSONValue)] = []
        for header in stated.headers {
            let value = Redaction.looksSecret(header.name) ? nil : header.value
            headers[header.name] = value ?? StatedRequest.placeholder
            if value == nil { headerRules.append((header.name, matchers([regex("^[\\s\\S]*$")]))) }
        }
        if !headers.isEmpty {
            members.append(("headers", object(headers.keys.sorted().map { ($0, .string(headers[$0] ?? "")) })))
        }
        if !headerRules.isEmpty { rules.append(("header", object(headerRules))) }
        if let body = stated.body {
            members.append(("body", Self.placeholding(body)))
            let secrets = secretRules(body, path: "$")
            switch bodyRules(body, shape: requestShape) {
            case .success(let bodyRules):
                // A secret's own rule stands in for the model's there.
                let all = bodyRules.filter { rule in !secrets.contains { $0.0 == rule.0 } } + secrets
                if !all.isEmpty { rules.append(("body", object(all))) }
            case .failure(let failure): return .failure(failure)
            }
        }
        if !rules.isEmpty { members.append(("matchingRules", object(rules))) }
        return .success(members)
    }

    /// The query the client sends, and its rules. An item whose name looks secret (or that the
    /// contract states `true`) is the client's configuration: one the contract states is the
    /// placeholder any value matches, one it does not is left out.
    private static func queryMembers(_ items: [URLQueryItem], stated: [String: String?]) -> (
        JSONValue?, [(String, JSONValue)]
    ) {
        var query: [String: [String]] = [:]
        var rules: [(String, JSONValue)] = []
        for item in items {
            let secret = Redaction.looksSecret(item.name) || stated[item.name] == .some(nil)
            guard !secret || stated.keys.contains(item.name) else { continue }
            if secret, query[item.name] == nil { rules.append((item.name, matchers([regex("^[\\s\\S]*$")]))) }
            query[item.name, default: []].append(secret ? StatedRequest.placeholder : item.value ?? "")
        }
        guard !query.isEmpty else { return (nil, rules) }
        return (object(query.keys.sorted().map { ($0, .array((query[$0] ?? []).map { node(.string($0)) })) }), rules)
    }

    /// A stated body with the placeholder in place of the value of every member whose name looks
    /// secret: the pact never carries a configured secret.
    static func placeholding(_ value: JSONValue) -> JSONValue {
        Redaction.replacingSecretMembers(of: value) { _, _ in .string(StatedRequest.placeholder) }
    }

    /// A rule that lets any value through at every secret member of a stated body, by its path.
    private static func secretRules(_ value: JSONValue, path: String) -> [(String, JSONValue)] {
        switch value {
        case .object(let members):
            return members.flatMap { member -> [(String, JSONValue)] in
                let child = childPath(path, member.key)
                if Redaction.looksSecret(member.key) { return [(child, matchers([regex("^[\\s\\S]*$")]))] }
                return secretRules(member.value.value, path: child)
            }
        case .array(let elements):
            var rules: [(String, JSONValue)] = []
            for element in elements {
                for rule in secretRules(element.value, path: path + "[*]")
                where !rules.contains(where: { $0.0 == rule.0 }) {
                    rules.append(rule)
                }
            }
            return rules
        default:
            return []
        }
    }

    /// The rules of a stated request body, from the request model as its shape reads: none
    /// without a model (the body is then compared as written).
    private static func bodyRules(_ body: JSONValue, shape: Result<ModelShape, ModelShape.Unlearnable>?) -> Result<
        [(String, JSONValue)], ExportFailure
    > {
        switch shape {
        case nil: return .success([])
        case .success(let shape)?: return .success(requestRules(body, shape: shape, path: "$"))
        case .failure(let unlearnable)?: return .failure(ExportFailure(reason: unlearnable.message))
        }
    }

    /// A rule for every value of the body the model reads, as a response's keys get theirs
    /// (types, formats), but nothing cut: the verifier sends the provider the body as the contract
    /// states it. A `null` where the model takes one is `null` OR what needs no example; a `null`
    /// elsewhere, and a value the tool cannot describe, keep their example.
    private static func requestRules(
        _ value: JSONValue, shape: ModelShape, path: String, definitions: [String: ModelShape] = [:],
        acceptsNull: Bool = false
    ) -> [(String, JSONValue)] {
        var definitions = definitions
        let shape = shape.resolved(&definitions)
        switch (shape, value) {
        case (.object(let fields), .object(let members)):
            return fields.flatMap { field -> [(String, JSONValue)] in
                guard let member = members.first(where: { $0.key == field.key }), !undescribed(field.shape) else {
                    return []
                }
                return requestRules(
                    member.value.value, shape: field.shape, path: childPath(path, field.key), definitions: definitions,
                    acceptsNull: field.acceptsNull)
            }
        case (.array(let element), .array(let items)):
            // One rule a path: `[*]` holds every element to the element's shape.
            var rules: [(String, JSONValue)] = [(path, containerRule(acceptsNull))]
            for item in items {
                for rule in requestRules(item.value, shape: element, path: path + "[*]", definitions: definitions)
                where !rules.contains(where: { $0.0 == rule.0 }) {
                    rules.append(rule)
                }
            }
            return rules
        case (.map(let valueShape), .object(let members)):
            return [(path, containerRule(acceptsNull))]
                + members.flatMap { member -> [(String, JSONValue)] in
                    if case .null = member.value.value { return [] }
                    return requestRules(
                        member.value.value, shape: valueShape, path: childPath(path, member.key),
                        definitions: definitions)
                }
        case (_, .null):
            // A `null` the model takes is `null` OR a rule that needs no example (any text for a
            // string; any value for an object or an array, whose keys a `null` cannot show), so
            // that a value the model reads there passes too, not the `null` alone.
            guard acceptsNull else { return [] }
            let anyValue = matchers([regex("^[\\s\\S]*$"), object([("match", .string("null"))])], combine: "OR")
            return [nullableRule(shape, .null, path: path) ?? (path, anyValue)]
        default:
            return leafRule(shape, path: path, acceptsNull: acceptsNull).map { [$0] } ?? []
        }
    }

    /// An array's or a map's rule: its type, or `null` too where the model takes it.
    private static func containerRule(_ acceptsNull: Bool) -> JSONValue {
        let type = object([("match", .string("type"))])
        return acceptsNull ? matchers([type, object([("match", .string("null"))])], combine: "OR") : matchers([type])
    }
}
