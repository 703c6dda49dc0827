import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `export pact`: one Pact 3.0.0 file per API, an interaction per case whose response is the
/// provider's to give, asking of the provider exactly what the app needs: the keys the model
/// requires (and those a case's `values` names) under the names the decoder's key strategy reads,
/// typed as the model reads them, a regex where the decoder is stricter than JSON (a UUID, an
/// ISO 8601 date, Base64), and nothing else.
enum PactExport: GeneratedJSON {
    /// One file to write.
    struct File: Sendable {
        let provider: String
        let name: String
        let text: String
        let interactions: Int
    }

    /// A case left out of every pact, and why.
    struct LeftOut: Sendable, Equatable {
        let contract: String
        let caseName: String
        let reason: Reason

        /// Why a case has no interaction. Most reasons are by design: the case's answer is not
        /// the provider's to give. The others are cases `verify` fails, which an export must not
        /// pass over in silence.
        enum Reason: Sendable, Equatable {
            /// A case of a fixture contract: no endpoint, so no request.
            case fixtureContract
            /// A case the contract skips, with the contract's reason.
            case skipped(String)
            /// A network error: no HTTP exchange.
            case networkError
            /// An error of the arguments, such as `invalidRequest`: the client sends no request.
            case invalidRequest(String)
            /// `invalidData` or `jsonConversionFailure`, as the case's expectation reads.
            case robustness(String)
            /// `responseUnsuccessful` expected of a 2xx status, which the client never answers with it.
            case notAnErrorStatus(Int)
            /// A body that cannot be read, with why.
            case unreadableBody(String)
            /// A decoding case whose body is not JSON.
            case notJSON

            /// What the case tells the provider nothing about; `nil` for a case left out because
            /// it is wrong, not by design.
            var group: Group? {
                switch self {
                case .fixtureContract: .fixtureContract
                case .skipped: .skipped
                case .networkError: .networkError
                case .invalidRequest: .invalidRequest
                case .robustness: .robustness
                case .notAnErrorStatus, .unreadableBody, .notJSON: nil
                }
            }

            /// The reason in a sentence, as a line on standard error gives it.
            var message: String {
                switch self {
                case .fixtureContract: "a fixture contract: no endpoint, so no request"
                case .skipped(let reason): "skipped: \(reason)"
                case .networkError: "a network error: no HTTP exchange"
                case .invalidRequest(let error): "\(error) before sending: the client sends no request"
                case .robustness(let expectation):
                    "it tests the client's robustness (\(expectation)), not what the provider owes"
                case .notAnErrorStatus(let status):
                    "it expects responseUnsuccessful of status \(status), a success: verify fails it"
                case .unreadableBody(let why): "its body cannot be read: \(why)"
                case .notJSON: "its body is not JSON, yet the case expects it to decode: verify fails it"
                }
            }
        }

        /// The kinds of case left out by design, in the order a tie in a summary lists them.
        enum Group: CaseIterable, Sendable {
            case robustness, networkError, fixtureContract, invalidRequest, skipped

            /// `count` cases of the kind, as a summary names them: `6 network errors`, `1 noQuery`.
            /// - Parameters:
            ///   - count: How many.
            ///   - errors: The errors of the arguments the kind's cases expect, in the client's words.
            func counted(_ count: Int, errors: [String] = []) -> String {
                switch self {
                case .robustness: "\(count) client robustness"
                case .networkError: "\(count) network \(count == 1 ? "error" : "errors")"
                case .fixtureContract: "\(count) in fixture contracts"
                case .invalidRequest: "\(count) \(errors.isEmpty ? "invalidRequest" : errors.joined(separator: "/"))"
                case .skipped: "\(count) skipped"
                }
            }
        }

        /// The cases left out by design, counted by kind: the most first, ties in `Group` order.
        /// - Parameter leftOut: The cases left out.
        /// - Returns: Each kind that has a case, with how many.
        static func byDesign(_ leftOut: [LeftOut]) -> [(group: Group, count: Int)] {
            let kinds = Group.allCases.enumerated().map { order, group in
                (order: order, group: group, count: leftOut.count { $0.reason.group == group })
            }
            return kinds.filter { $0.count > 0 }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.order < $1.order }
                .map { (group: $0.group, count: $0.count) }
        }
    }

    /// One interaction before descriptions are made unique.
    struct Interaction {
        let endpoint: String
        let contract: String
        let caseName: String
        let given: String?
        let members: [(String, JSONValue)]
    }

    /// The pacts for some contracts.
    /// - Parameters:
    ///   - contracts: The loaded contracts, in suite order.
    ///   - fixtures: Where their fixtures are.
    ///   - consumer: The consumer's name.
    ///   - version: The consumer's version and branch, for each file's `metadata`.
    /// - Returns: The files, one per API (sorted by name), and the cases left out with why.
    static func pacts(
        for contracts: [Contract], fixtures: FixtureLocator, consumer: String, version: ConsumerVersion = .init()
    ) async -> Result<(files: [File], leftOut: [LeftOut], notes: [Diagnostic]), ExportFailure> {
        var byProvider: [String: [Interaction]] = [:]
        var leftOut: [LeftOut] = []
        var notes: [Diagnostic] = []
        var requests: [String: Result<[(String, JSONValue)], ExportFailure>] = [:]
        let spellings = WireSpellings.of(contracts, fixtures: fixtures)
        var (shapes, requestShapes, warnings) = learnShapes(contracts, fixtures: fixtures, spellings: spellings)
        notes += warnings
        for contract in contracts {
            for case .ready(let spec) in contract.cases {
                if spec.isFlow, spec.skip == nil, let endpoint = contract.endpoint {
                    addFlow(spec, in: contract, endpoint: endpoint, fixtures: fixtures, to: &byProvider, &leftOut)
                    continue
                }
                let response: [(String, JSONValue)]
                switch answer(
                    for: spec, in: contract, fixtures: fixtures, shapes: &shapes,
                    spellings: spellings[WireSpellings.key(contract.model)] ?? [:])
                {
                case .failure(let failure):
                    // A case no export can state is left out with a note; the others are written.
                    notes.append(ExportNote.leftOut(spec, in: contract, reason: failure.reason))
                    continue
                case .success(.leftOut(let reason)):
                    leftOut.append(LeftOut(contract: contract.file, caseName: spec.name, reason: reason))
                    continue
                case .success(.response(let members)): response = members
                }
                guard let endpoint = contract.endpoint else { continue }
                // One request per contract: its endpoint and arguments are the contract's.
                let request: [(String, JSONValue)]
                let requestShape = endpoint.requestModel.flatMap { requestShapes[$0.name] }
                switch await requestMembers(
                    endpoint, contract: contract, fixtures: fixtures, requestShape: requestShape, known: &requests)
                {
                case .success(let members): request = members
                case .failure(let failure):
                    notes.append(ExportNote.leftOut(spec, in: contract, reason: failure.reason))
                    continue
                }
                byProvider[endpoint.api, default: []].append(
                    Interaction(
                        endpoint: endpoint.name, contract: contract.file, caseName: spec.name, given: spec.given,
                        members: [("request", object(request)), ("response", object(response))]))
            }
        }
        var files: [File] = []
        for provider in byProvider.keys.sorted() {
            switch file(
                provider: provider, interactions: byProvider[provider] ?? [], consumer: consumer, version: version)
            {
            case .success(let file): files.append(file)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success((files, leftOut, notes))
    }

    /// Each model learnt once, as the OpenAPI document learns it, with the same warnings (`[Todo]`
    /// and `Todo` share theirs); a model that cannot be learnt is left to the cases that need it.
    /// Request models too, by name, the keys spelt as the suite's bodies spell them (the request
    /// rules name `iso_639_1`, never the re-encoding's `iso6391`).
    private static func learnShapes(
        _ contracts: [Contract], fixtures: FixtureLocator, spellings: [String: [String: String]]
    ) -> (
        shapes: [String: ModelShape], requestShapes: [String: Result<ModelShape, ModelShape.Unlearnable>],
        warnings: [Diagnostic]
    ) {
        let accepted = SuiteBodies.accepted(contracts, fixtures: fixtures)
        var shapes: [String: ModelShape] = [:]
        var requestShapes: [String: Result<ModelShape, ModelShape.Unlearnable>] = [:]
        var warnings: [Diagnostic] = []
        var warned: Set<String> = []
        for contract in contracts where contract.endpoint != nil {
            if shapes[contract.model.name] == nil {
                let learnt = ExportNote.learn(contract.model, for: contract, spellings: spellings, accepted: accepted)
                if case .success(let shape) = learnt.shape {
                    shapes[contract.model.name] = shape
                    if warned.insert(WireSpellings.key(contract.model)).inserted { warnings += learnt.warnings }
                }
            }
            if let model = contract.endpoint?.requestModel, requestShapes[model.name] == nil {
                let learnt = ExportNote.learn(model, for: contract, spellings: spellings, accepted: accepted)
                requestShapes[model.name] = learnt.shape
                if warned.insert(WireSpellings.key(model)).inserted { warnings += learnt.warnings }
            }
        }
        return (shapes, requestShapes, warnings)
    }

    /// A contract's request members, learnt once a contract.
    private static func requestMembers(
        _ endpoint: Endpoint, contract: Contract, fixtures: FixtureLocator,
        requestShape: Result<ModelShape, ModelShape.Unlearnable>?,
        known: inout [String: Result<[(String, JSONValue)], ExportFailure>]
    ) async -> Result<[(String, JSONValue)], ExportFailure> {
        if let learnt = known[contract.file] { return learnt }
        let learnt = await requestMembers(endpoint, contract: contract, fixtures: fixtures, requestShape: requestShape)
        known[contract.file] = learnt
        return learnt
    }

    /// What a case puts in its interaction's response, or why it has no interaction.
    private enum Answer {
        case response([(String, JSONValue)])
        case leftOut(LeftOut.Reason)
    }

    /// Why a case tells the provider nothing, by design (no request, no HTTP exchange, a skip, the
    /// client's robustness), or `nil` for a case an export states; both exports ask it.
    /// - Parameters:
    ///   - spec: The case.
    ///   - contract: Its contract.
    /// - Returns: The reason, or `nil`.
    static func leftOutByDesign(_ spec: CaseSpec, in contract: Contract) -> LeftOut.Reason? {
        guard contract.endpoint != nil else { return .fixtureContract }
        if let reason = spec.skip { return .skipped(reason) }
        guard case .http(let status, _, _) = spec.response.kind else { return .networkError }
        guard case .error(let name, _, _) = spec.expect.kind else { return nil }
        if spec.expect.needsReplay { return .invalidRequest(name.name) }
        // An error the status alone gives is a response the provider can send; one the body
        // gives (empty, undecodable) is the client's robustness, which a pact does not describe.
        if case .error = contract.rules.ending(forStatus: status) { return nil }
        return name.carriesStatus ? nil : .robustness(spec.expect.summary(model: contract.model))
    }

    /// A case's response as the provider owes it, or why the case is left out: no request (a
    /// fixture contract, `invalidRequest`), no HTTP exchange, a skip, or a test of the client's
    /// robustness rather than of the provider.
    private static func answer(
        for spec: CaseSpec, in contract: Contract, fixtures: FixtureLocator, shapes: inout [String: ModelShape],
        spellings: [String: String]
    ) -> Result<Answer, ExportFailure> {
        if let reason = leftOutByDesign(spec, in: contract) { return .success(.leftOut(reason)) }
        guard case .http(let status, let headers, _) = spec.response.kind else {
            return .success(.leftOut(.networkError))
        }
        switch spec.expect.kind {
        case .error:
            if case .error = contract.rules.ending(forStatus: status) {
                return .success(.response(responseMembers(status: status, headers: headers, body: nil)))
            }
            return .success(.leftOut(.notAnErrorStatus(status)))
        case .decodes where contract.rules.ending(forStatus: status) != .decodes || !contract.model.readsBody:
            // The status alone decides (a `204` the client reads as an empty list, or any 2xx of a
            // call that returns nothing): the provider owes the status, and no body.
            return .success(.response(responseMembers(status: status, headers: headers, body: nil)))
        case .decodes(let count, let values):
            return decodedBody(of: spec, in: contract, fixtures: fixtures, shapes: &shapes, spellings: spellings).map {
                body in
                guard case .some(let value, let shape) = body else { return .leftOut(body.reason) }
                // The page must hold an element only where the case asks for one.
                let needsElement = (count?.value ?? 0) > 0 || !values.isEmpty
                let pruned = prune(
                    value, shape: shape, path: "$", keep: values.map(\.path.segments), needsElement: needsElement)
                return .response(responseMembers(status: status, headers: headers, body: pruned))
            }
        }
    }

    /// A decoding case's body, parsed, with its model's shape; or why it cannot be used.
    private enum DecodedBody {
        case some(value: JSONValue, shape: ModelShape)
        case unusable(LeftOut.Reason)

        var reason: LeftOut.Reason {
            if case .unusable(let reason) = self { return reason }
            return .notJSON
        }
    }

    /// The body a decoding case reads and the shape its model accepts, the shape learnt once a model.
    private static func decodedBody(
        of spec: CaseSpec, in contract: Contract, fixtures: FixtureLocator, shapes: inout [String: ModelShape],
        spellings: [String: String]
    ) -> Result<DecodedBody, ExportFailure> {
        let data: Data
        switch LoadedBody.load(spec.response, fixtures: fixtures, contractFile: contract.file) {
        case .success(let loaded): data = loaded.data
        case .failure(let diagnostic): return .success(.unusable(.unreadableBody(diagnostic.message)))
        }
        guard case .some(let root) = try? JSONParser.parse(BodyEncoding.utf8(data)) else {
            return .success(.unusable(.notJSON))
        }
        switch shapes[contract.model.name].map(Result.success)
            ?? ModelShape.learning(contract.model, spellings: spellings)
        {
        case .success(let shape):
            shapes[contract.model.name] = shape
            return .success(.some(value: root.value, shape: shape))
        case .failure(let unlearnable): return .failure(ExportFailure(reason: unlearnable.message))
        }
    }

    /// One provider's pact file: its interactions with unique descriptions and stable states.
    private static func file(
        provider: String, interactions: [Interaction], consumer: String, version: ConsumerVersion
    ) -> Result<
        File, ExportFailure
    > {
        let descriptions = uniqueDescriptions(interactions)
        let states = providerStates(interactions)
        if let clash = clash(interactions, states: states, provider: provider) {
            return .failure(ExportFailure(reason: clash))
        }
        let list = zip(interactions, zip(descriptions, states)).map { interaction, named in
            node(
                object(
                    [
                        ("description", .string(named.0)),
                        ("providerStates", .array([node(object([("name", .string(named.1))]))])),
                    ] + interaction.members))
        }
        let pact = object([
            ("consumer", object([("name", .string(consumer))])),
            ("provider", object([("name", .string(provider))])),
            ("interactions", .array(list)),
            ("metadata", object(metadata(version))),
        ])
        return .success(
            File(
                provider: provider, name: "\(consumer)-\(provider).json", text: pact.jsonText + "\n",
                interactions: list.count))
    }

    /// A pact's `metadata`: the specification, and the consumer's version and branch when given
    /// (the specification allows other members; the Pact Broker takes them from `publish`'s flags).
    private static func metadata(_ version: ConsumerVersion) -> [(String, JSONValue)] {
        [("pactSpecification", object([("version", .string("3.0.0"))]))]
            + (version.metadata.map { [("consumerVersion", $0)] } ?? [])
    }

    /// Case names, prefixed by the endpoint where two share one, and by the contract where that
    /// is not enough: Pact needs every description of a file to differ.
    private static func uniqueDescriptions(_ interactions: [Interaction]) -> [String] {
        var count: [String: Int] = [:]
        for interaction in interactions { count[interaction.caseName, default: 0] += 1 }
        let withEndpoint = interactions.map {
            count[$0.caseName] == 1 ? $0.caseName : "\($0.endpoint) › \($0.caseName)"
        }
        var again: [String: Int] = [:]
        for description in withEndpoint { again[description, default: 0] += 1 }
        return zip(interactions, withEndpoint).map { interaction, description in
            again[description] == 1 ? description : "\(interaction.contract) › \(interaction.caseName)"
        }
    }

    /// Each interaction's provider state: the case's `given`, else its name, whatever else is in
    /// the suite or the selection, so a provider's state handlers never change under it.
    private static func providerStates(_ interactions: [Interaction]) -> [String] {
        interactions.map { $0.given ?? $0.caseName }
    }

    /// Two interactions a provider cannot tell apart (the same request in the same state) that ask
    /// for different answers, named with what to do; `nil` when there are none.
    private static func clash(_ interactions: [Interaction], states: [String], provider: String) -> String? {
        var seen: [String: (interaction: Interaction, response: String)] = [:]
        for (interaction, state) in zip(interactions, states) {
            let request = interaction.members.first { $0.0 == "request" }.map { $0.1.jsonText } ?? ""
            let response = interaction.members.first { $0.0 == "response" }.map { $0.1.jsonText } ?? ""
            let key = state + "\u{0}" + request
            guard let first = seen[key] else {
                seen[key] = (interaction, response)
                continue
            }
            guard first.response != response else { continue }
            return """
                the cases \(JSONValue.quote(first.interaction.caseName)) (\(first.interaction.contract)) and \
                \(JSONValue.quote(interaction.caseName)) (\(interaction.contract)) send \(provider) the same request in the \
                provider state \(JSONValue.quote(state)) and expect different answers; give one of them a "given" naming its state
                """
        }
        return nil
    }

    /// The response: the status, the `Content-Type` the case gives (any parameters allowed, the
    /// media type in any case, as HTTP compares it), and
    /// the body the app needs with a rule for every key kept.
    private static func responseMembers(
        status: Int, headers: [String: String], body: (value: JSONValue, rules: [(String, JSONValue)])?
    ) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("status", .number("\(status)"))]
        var rules: [(String, JSONValue)] = []
        if let contentType = headers.first(where: { $0.key.caseInsensitiveCompare("Content-Type") == .orderedSame })?
            .value
        {
            members.append(("headers", object([("Content-Type", .string(contentType))])))
            let mediaType = MediaType.of(contentType) ?? contentType
            rules.append(
                ("header", object([("Content-Type", matchers([regex("(?i)^" + escaped(mediaType) + "(\\s*;.*)?$")]))])))
        }
        if let body {
            members.append(("body", body.value))
            if !body.rules.isEmpty { rules.append(("body", object(body.rules))) }
        }
        if !rules.isEmpty { members.append(("matchingRules", object(rules))) }
        return members
    }

    /// A pruned value and the rules of its paths.
    private typealias Pruned = (value: JSONValue, rules: [(String, JSONValue)])

    /// The body cut to what the model needs, and its rules by path (`$`, `$[*].id`).
    /// A model that contains itself is followed as deep as the body goes: `definitions` holds the
    /// named shapes above, which the references below stand for.
    private static func prune(
        _ value: JSONValue, shape: ModelShape, path: String, keep: [[JSONPath.Segment]], needsElement: Bool = false,
        definitions: [String: ModelShape] = [:]
    ) -> Pruned {
        var definitions = definitions
        let shape = shape.resolved(&definitions)
        switch (shape, value) {
        case (.object(let fields), .object(let members)):
            return pruneObject(members, fields: fields, path: path, keep: keep, definitions: definitions)
        case (.array(let element), .array(let items)):
            return pruneArray(
                items, element: element, path: path, keep: keep, needsElement: needsElement, definitions: definitions)
        case (.map(let valueShape), .object(let members)):
            return pruneMap(members, valueShape: valueShape, path: path, keep: keep, definitions: definitions)
        default:
            return (value, leafRule(shape, path: path).map { [$0] } ?? [])
        }
    }

    /// An object cut to the keys the model requires and those the case names.
    private static func pruneObject(
        _ members: [JSONMember], fields: [ModelShape.Field], path: String, keep: [[JSONPath.Segment]],
        definitions: [String: ModelShape]
    ) -> Pruned {
        var kept: [JSONMember] = []
        var rules: [(String, JSONValue)] = []
        for field in fields {
            let onPath = keep.filter { $0.first == .key(field.key) }.map { Array($0.dropFirst()) }
            guard field.required || !onPath.isEmpty, let member = members.first(where: { $0.key == field.key })
            else { continue }
            // A key the model requires but takes as `null` (`decode(String?.self, forKey:)`): its
            // value or `null`, whichever the body holds.
            if field.required, field.acceptsNull,
                let rule = nullableRule(field.shape, member.value.value, path: childPath(path, field.key))
            {
                kept.append(JSONMember(key: field.key, keyPosition: .start, value: member.value))
                rules.append(rule)
                continue
            }
            if case .null = member.value.value { continue }
            // A value the tool cannot describe (a date under a closure no body shows, or an array
            // or map of them) would be compared by equality, as Pact compares a value without a
            // rule: where the model requires it, present with any value (a regex the text of any
            // value matches), else left to the OpenAPI document.
            if undescribed(field.shape) {
                guard field.required,
                    let any = anyValue(member.value.value, shape: field.shape, path: childPath(path, field.key))
                else { continue }
                kept.append(JSONMember(key: field.key, keyPosition: .start, value: node(any.value)))
                rules += any.rules
                continue
            }
            let child = prune(
                member.value.value, shape: field.shape, path: childPath(path, field.key), keep: onPath,
                definitions: definitions)
            kept.append(JSONMember(key: field.key, keyPosition: .start, value: node(child.value)))
            rules += child.rules
        }
        return (.object(kept), rules)
    }

    /// An array cut to its first element, typed, with `min: 1` only on the top-level page a case
    /// needs an element of: a nested array the model accepts empty (`capital: []`) stays free, or
    /// the recorded answer fails its own pact.
    private static func pruneArray(
        _ items: [JSONNode], element: ModelShape, path: String, keep: [[JSONPath.Segment]], needsElement: Bool,
        definitions: [String: ModelShape]
    ) -> Pruned {
        guard let first = items.first else { return (.array([]), []) }
        // A `values` path into any element is asked of the one element the pact keeps, and so
        // of every element the provider sends: kept only where every recorded element has it,
        // or the provider as recorded would fail its own pact.
        let onPath = keep.filter { if case .index = $0.first { true } else { false } }.map { Array($0.dropFirst()) }
            .filter { rest in items.allSatisfy { Self.has($0.value, rest) } }
        let child = prune(first.value, shape: element, path: path + "[*]", keep: onPath, definitions: definitions)
        let rule =
            path == "$" && needsElement
            ? object([("match", .string("type")), ("min", .number("1"))]) : object([("match", .string("type"))])
        return (.array([node(child.value)]), [(path, matchers([rule]))] + child.rules)
    }

    /// Only the entries a case names, each required and its named leaves typed wherever it sits in
    /// the map. The verifier compares every other entry with the first one it is given (under
    /// `values` or `eachValue`), so any entry kept for the others would make its keys required in
    /// all: a `type` rule leaves them free.
    private static func pruneMap(
        _ members: [JSONMember], valueShape: ModelShape, path: String, keep: [[JSONPath.Segment]],
        definitions: [String: ModelShape]
    ) -> Pruned {
        var kept: [JSONMember] = []
        var rules: [(String, JSONValue)] = [(path, matchers([object([("match", .string("type"))])]))]
        for member in members {
            let onPath = keep.filter { $0.first == .key(member.key) }.map { Array($0.dropFirst()) }
            guard !onPath.isEmpty else { continue }
            if case .null = member.value.value { continue }
            let child = prune(
                member.value.value, shape: valueShape, path: childPath(path, member.key), keep: onPath,
                definitions: definitions)
            kept.append(JSONMember(key: member.key, keyPosition: .start, value: node(child.value)))
            rules += child.rules
        }
        return (.object(kept), rules)
    }

    /// The rule of a value the model reads as a string, number or boolean; `nil` for one it does
    /// not describe. A UUID or URL gets a type rule and the regex, which Pact ANDs: the verifier
    /// applies a regex to the text of any JSON value, so a regex alone passes `null`, `42` or
    /// `true` where the app needs a string. The verifier's `.` does not match a newline, which a
    /// URL may end in (`URL(string:)` takes it), so the URL regex reads any character. Pact's
    /// `integer` rule refuses `34350244.0`, which `Int` decodes, so a whole number is a number
    /// whose text (as the verifier prints it) is whole and within the type's range; a number
    /// read as a `Decimal` is one within its range.
    /// In a request body (the app's to send), where the model also takes `null` (an optional key),
    /// the rule is `null` OR what the value
    /// must be, as Pact (V3 and later) combines matchers: a string's `type`; a UUID's, a date's,
    /// Base64's or an enum's regex, which no other JSON type's text matches; a number's `number`,
    /// its range left to the OpenAPI document (Pact cannot AND inside an OR).
    static func leafRule(_ shape: ModelShape, path: String, acceptsNull: Bool) -> (String, JSONValue)? {
        guard acceptsNull, let rule = leafRule(shape, path: path) else { return leafRule(shape, path: path) }
        let null = object([("match", .string("null"))])
        let type = object([("match", .string("type"))])
        switch shape {
        case .string(.plain), .string(.url), .boolean: return (path, matchers([type, null], combine: "OR"))
        case .string(let format):
            let pattern =
                switch format {
                case .uuid: ModelShape.uuidPattern
                case .iso8601Date: ModelShape.iso8601Pattern
                case .base64: ModelShape.base64Pattern
                case .formattedDate(let pattern, _): "^" + pattern + "$"
                default: "^[\\s\\S]*$"
                }
            return (path, matchers([regex(pattern), null], combine: "OR"))
        case .enumeration(let values):
            return (path, matchers([regex(enumerationPattern(values)), null], combine: "OR"))
        case .integer, .number: return (path, matchers([object([("match", .string("number"))]), null], combine: "OR"))
        default: return rule
        }
    }

    /// The rule of a value the model requires at a key and also takes as `null` there, for the
    /// value the body holds: a leaf's rule OR `null`; for a `null` in the body, `null` OR a rule
    /// that needs no example (a number's, or a regex: any text for a plain string, as Pact's
    /// `type` would compare with the `null`). `nil` for an object or an array, which stay as
    /// they were (left out when `null`).
    static func nullableRule(_ shape: ModelShape, _ value: JSONValue, path: String) -> (String, JSONValue)? {
        guard case .null = value else {
            switch shape {
            case .object, .array, .map, .named, .reference, .unknown: return nil
            default: return leafRule(shape, path: path, acceptsNull: true)
            }
        }
        let null = object([("match", .string("null"))])
        switch shape {
        case .string(.plain), .string(.url): return (path, matchers([regex("^[\\s\\S]*$"), null], combine: "OR"))
        case .boolean: return (path, matchers([regex("^(?:true|false)$"), null], combine: "OR"))
        case .string, .integer, .number, .enumeration: return leafRule(shape, path: path, acceptsNull: true)
        default: return nil
        }
    }

    /// The regex of an enum's raw values, whole.
    static func enumerationPattern(_ values: [JSONValue]) -> String {
        let texts = values.map { value -> String in
            switch value {
            case .string(let text), .number(let text): escaped(text)
            default: ""
            }
        }
        return "^(?:" + texts.joined(separator: "|") + ")$"
    }

    static func leafRule(_ shape: ModelShape, path: String) -> (String, JSONValue)? {
        let type = object([("match", .string("type"))])
        let number = object([("match", .string("number"))])
        switch shape {
        case .string(.uuid): return (path, matchers([type, regex(ModelShape.uuidPattern)]))
        case .string(.url): return (path, matchers([type, regex("^[\\s\\S]+$")]))
        case .string(.iso8601Date): return (path, matchers([type, regex(ModelShape.iso8601Pattern)]))
        case .string(.base64): return (path, matchers([type, regex(ModelShape.base64Pattern)]))
        case .string(.formattedDate(let pattern, _)): return (path, matchers([type, regex("^" + pattern + "$")]))
        case .integer(let numeric), .number(let numeric):
            return (path, matchers([number] + (numeric.verifierPattern.map { [regex($0)] } ?? [])))
        case .numberOrNamed(let names):
            // Either rule may hold: a number, or a string the strategy names. The regex reads the
            // text of any value, so the names are held to whole strings.
            let named = "^(?:" + names.map(escaped).joined(separator: "|") + ")$"
            return (path, matchers([number, regex(named)], combine: "OR"))
        case .enumeration(let values):
            // The type of the example (a string or a number) and one of the raw values, whole.
            return (path, matchers([type, regex(enumerationPattern(values))]))
        case .string, .boolean: return (path, matchers([type]))
        default: return nil
        }
    }

    /// A value the tool cannot describe, kept so that the key must be there: any value (the
    /// verifier matches a regex against the text of any JSON value), an array of any values, or
    /// any object for a map.
    private static func anyValue(_ value: JSONValue, shape: ModelShape, path: String) -> Pruned? {
        let type = object([("match", .string("type"))])
        switch (shape, value) {
        case (.unknown, _): return (value, [(path, matchers([regex("^[\\s\\S]*$")]))])
        case (.array(let element), .array(let items)):
            guard let first = items.first else { return (.array([]), [(path, matchers([type]))]) }
            guard let inner = anyValue(first.value, shape: element, path: path + "[*]") else { return nil }
            return (.array([node(inner.value)]), [(path, matchers([type]))] + inner.rules)
        case (.map, .object): return (.object([]), [(path, matchers([type]))])
        default: return nil
        }
    }

    /// Whether a shape is one the tool cannot describe, or an array or map of such.
    static func undescribed(_ shape: ModelShape) -> Bool {
        switch shape {
        case .unknown: true
        case .array(let element), .map(let element): undescribed(element)
        default: false
        }
    }

    /// Whether a value holds something other than `null` at a path (`*` for any key, an index for any element).
    private static func has(_ value: JSONValue, _ path: [JSONPath.Segment]) -> Bool {
        guard let step = path.first else { if case .null = value { return false } else { return true } }
        let rest = Array(path.dropFirst())
        switch (step, value) {
        case (.key(let key), .object(let members)):
            return members.first { $0.key == key }.map { has($0.value.value, rest) } ?? false
        case (.anyKey, .object(let members)): return members.contains { has($0.value.value, rest) }
        case (.index, .array(let items)): return items.first.map { has($0.value, rest) } ?? false
        default: return false
        }
    }

    static func childPath(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return plain ? path + "." + key : path + "['" + key.replacingOccurrences(of: "'", with: "\\'") + "']"
    }

    static func matchers(_ list: [JSONValue], combine: String? = nil) -> JSONValue {
        object([("matchers", .array(list.map(node)))] + (combine.map { [("combine", .string($0))] } ?? []))
    }

    static func regex(_ pattern: String) -> JSONValue {
        object([("match", .string("regex")), ("regex", .string(pattern))])
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\^$.|?*+()[]{}/".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

}
