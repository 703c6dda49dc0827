import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `export openapi`: an OpenAPI 3.1 document of the endpoints the selected contracts use, derived
/// from the clients and the models, never written by hand. Each operation is the request the
/// client sends (learnt on the stub, as a live request is: its method, path and query), the headers and
/// body its contracts state (the body's schema the request model's), its `200` response the JSON Schema of
/// exactly what the model accepts (`ModelShape`), and the error statuses the contracts list.
enum OpenAPIExport: GeneratedJSON {
    /// The document for some contracts.
    /// - Parameters:
    ///   - contracts: The loaded contracts; fixture contracts add their models only.
    ///   - fixtures: Where their fixtures are, whose bodies spell the keys a strategy reads in several ways.
    /// - Returns: The document as JSON, keys sorted, with how many operations it holds and a note
    ///   for each case it cannot state (its client sends no request for the contract's arguments,
    ///   or its model's shape cannot be learnt), which it leaves out as the pact does.
    static func document(for contracts: [Contract], fixtures: FixtureLocator) async -> Result<
        (text: String, operations: Int, notes: [Diagnostic]), ExportFailure
    > {
        let learnt = await operations(of: contracts)
        let models = shapes(of: contracts, fixtures: fixtures)
        var (decodable, notes) = statable(contracts, learnt: learnt, unlearnable: models.unlearnable)
        notes += models.warnings
        let used = Used(decodable, learnable: { models.unlearnable[componentName($0)] == nil })
        // Each path's operations by method (GET and POST of `/todos` share one path item), and its server.
        var paths: [String: (server: String, operations: [(String, JSONValue)])] = [:]
        var servers: [String] = []
        var secrets: [Secret] = []
        var operationCount = 0
        for name in used.endpoints.keys.sorted() {
            guard let endpoint = used.endpoints[name], let learnt = learnt.operations[name] else { continue }
            let successes =
                used.successes[name] ?? (models.unlearnable[componentName(endpoint.model)] == nil ? [200] : [])
            // Every case of it left out (with its note): OpenAPI has no operation without a response.
            guard !successes.isEmpty || !(used.statuses[name] ?? []).isEmpty else { continue }
            operationCount += 1
            let base =
                endpoint.baseURL.absoluteString.hasSuffix("/")
                ? String(endpoint.baseURL.absoluteString.dropLast()) : endpoint.baseURL.absoluteString
            if !servers.contains(base) { servers.append(base) }
            // A header the client was seen to send an argument in is that parameter, not a stated one.
            let placed = Set(learnt.parameters.map(parameterName))
            let stated = used.headerParameters(of: name).filter { !placed.contains(parameterName($0)) }
            let operation = self.operation(
                endpoint, parameters: learnt.parameters + stated, errors: used.statuses[name],
                successes: successes, hasBody: used.hasBody(name),
                security: (used.sendsAuthorization(name) ? [authorization] : []) + learnt.secrets.map(\.name))
            for secret in learnt.secrets where !secrets.contains(secret) { secrets.append(secret) }
            paths[learnt.path, default: (base, [])].operations.append((learnt.method.lowercased(), operation))
        }
        addFlowOperations(used.flowOperations, to: &paths)
        let document = object([
            ("openapi", .string("3.1.0")),
            ("jsonSchemaDialect", .string("https://json-schema.org/draft/2020-12/schema")),
            ("info", object([("title", .string("the API as the app's clients read it")), ("version", .string("1"))])),
            ("servers", .array(servers.map { node(object([("url", .string($0))])) })),
            ("paths", object(paths.keys.sorted().map { ($0, pathItem(paths[$0])) })),
            ("components", components(used, shapes: models.shapes, secrets: secrets)),
        ])
        return .success((document.jsonText + "\n", operationCount, notes))
    }

    /// The contracts the document states, and a note for each case it leaves out: one whose
    /// client sends no request, or whose model (or request model) has a shape that cannot be learnt.
    private static func statable(
        _ contracts: [Contract],
        learnt: (operations: [String: Operation], silent: Set<String>, notes: [Diagnostic]),
        unlearnable: [String: String]
    ) -> (contracts: [Contract], notes: [Diagnostic]) {
        var notes = learnt.notes
        var decodable: [Contract] = []
        for contract in contracts {
            if let endpoint = contract.endpoint,
                learnt.operations[endpoint.name] == nil || learnt.silent.contains(contract.file)
            {
                continue
            }
            let requestModel = contract.endpoint?.requestModel.map(componentName)
            if let reason = requestModel.flatMap({ unlearnable[$0] }) {
                notes += stated(contract, reason: reason)
                continue
            }
            if let reason = unlearnable[componentName(contract.model)] {
                notes += stated(contract, reason: reason) {
                    if case .decodes = $0.expect.kind { true } else { false }
                }
            }
            decodable.append(contract)
        }
        return (decodable, notes)
    }

    /// Each endpoint's operation, learnt from its contracts' own arguments; the contracts whose
    /// arguments make the client send no request, which the pact leaves out too; and their notes.
    private static func operations(of contracts: [Contract]) async -> (
        operations: [String: Operation], silent: Set<String>, notes: [Diagnostic]
    ) {
        var byEndpoint: [String: [Contract]] = [:]
        for contract in contracts {
            if let endpoint = contract.endpoint { byEndpoint[endpoint.name, default: []].append(contract) }
        }
        var learnt: [String: Operation] = [:]
        var silent: Set<String> = []
        var notes: [Diagnostic] = []
        for name in byEndpoint.keys.sorted() {
            guard let list = byEndpoint[name], let endpoint = list.first?.endpoint else { continue }
            var sending: [Contract] = []
            for contract in list {
                switch await ClientRequest.learn(endpoint, arguments: contract.arguments) {
                case .success: sending.append(contract)
                case .failure(let failure):
                    silent.insert(contract.file)
                    notes += stated(contract, reason: failure.reason)
                }
            }
            if case .success(let operation) = await operation(of: endpoint, contracts: sending) {
                learnt[name] = operation
            }
        }
        return (learnt, silent, notes)
    }

    /// The shapes of the contracts' models and request models by component name, keys spelt as
    /// the suite's bodies spell them, and why the others cannot be learnt.
    private static func shapes(of contracts: [Contract], fixtures: FixtureLocator) -> (
        shapes: [String: ModelShape], unlearnable: [String: String], warnings: [Diagnostic]
    ) {
        var shapes: [String: ModelShape] = [:]
        var unlearnable: [String: String] = [:]
        var warnings: [Diagnostic] = []
        let spellings = WireSpellings.of(contracts, fixtures: fixtures)
        let accepted = SuiteBodies.accepted(contracts, fixtures: fixtures)
        for contract in contracts {
            for model in [contract.model] + (contract.endpoint?.requestModel.map { [$0] } ?? []) {
                let name = componentName(model)
                guard shapes[name] == nil, unlearnable[name] == nil else { continue }
                let learnt = ExportNote.learn(model, for: contract, spellings: spellings, accepted: accepted)
                switch learnt.shape {
                case .success(let shape):
                    shapes[name] = shape
                    warnings += learnt.warnings
                case .failure(let failure): unlearnable[name] = failure.message
                }
            }
        }
        return (shapes, unlearnable, warnings)
    }

    /// The components: a schema per model (and per type that contains itself, which its
    /// references name), and the security schemes the clients send.
    private static func components(_ used: Used, shapes: [String: ModelShape], secrets: [Secret]) -> JSONValue {
        var schemas: [String: JSONValue] = [:]
        var definitions: [String: JSONValue] = [:]
        for name in used.models.keys.sorted() {
            guard var shape = shapes[name] else { continue }
            if case .array(let element) = shape { shape = element }
            for definition in shape.definitions where definitions[definition.name] == nil {
                definitions[definition.name] = schema(definition.shape)
            }
            // A model that is the type it names is that component, not a reference to itself.
            if case .named(let type, let inner) = shape, type == name { shape = inner }
            schemas[name] = schema(shape)
        }
        for (name, definition) in definitions where schemas[name] == nil { schemas[name] = definition }
        var components: [(String, JSONValue)] = [
            ("schemas", object(schemas.keys.sorted().compactMap { name in schemas[name].map { (name, $0) } }))
        ]
        var schemes: [(String, JSONValue)] = []
        if used.endpoints.keys.contains(where: used.sendsAuthorization) {
            // OpenAPI ignores a header parameter named Authorization: a secret is a security scheme.
            schemes.append(
                (
                    authorization,
                    object([
                        ("type", .string("apiKey")), ("in", .string("header")), ("name", .string(authorization)),
                    ])
                ))
        }
        for secret in secrets.sorted(by: { $0.name < $1.name }) where !schemes.contains(where: { $0.0 == secret.name })
        {
            schemes.append(
                (
                    secret.name,
                    object([("type", .string("apiKey")), ("in", .string(secret.place)), ("name", .string(secret.name))])
                ))
        }
        if !schemes.isEmpty { components.append(("securitySchemes", object(schemes))) }
        return object(components)
    }

    /// A parameter declaration's name, lowercased.
    private static func parameterName(_ declaration: JSONValue) -> String {
        guard case .object(let members) = declaration,
            case .string(let name)? = members.first(where: { $0.key == "name" })?.value.value
        else { return "" }
        return name.lowercased()
    }

    /// The notes of a contract's cases that an export would state (those the pact does not leave
    /// out by design), left out for a reason.
    private static func stated(
        _ contract: Contract, reason: String, where include: (CaseSpec) -> Bool = { _ in true }
    ) -> [Diagnostic] {
        contract.cases.compactMap { entry in
            guard case .ready(let spec) = entry, PactExport.leftOutByDesign(spec, in: contract) == nil, include(spec)
            else { return nil }
            return ExportNote.leftOut(spec, in: contract, reason: reason)
        }
    }

    /// What the contracts use: their endpoints and models by name, and the error statuses each
    /// endpoint's cases list.
    private struct Used {
        var endpoints: [String: Endpoint] = [:]
        var statuses: [String: Set<Int>] = [:]
        /// The 2xx statuses each endpoint's decoding cases answer with, by endpoint name.
        var successes: [String: Set<Int>] = [:]
        var models: [String: ModelDescriptor] = [:]
        /// The headers each endpoint's contracts state, by endpoint name, each name once (the first
        /// spelling; case ignored), with the value every contract states, or `nil` when they state
        /// presence alone or differ.
        var headers: [String: [(name: String, value: String?)]] = [:]
        /// The endpoints whose contracts state a request body.
        var bodies: Set<String> = []
        /// The requests flows make besides their endpoint's own (a token refreshed), by path below
        /// the endpoint's base path and method, each with its server and the statuses answered.
        var flowOperations: [FlowOperation: (server: String, statuses: Set<Int>)] = [:]
        /// The JSON arguments (the body a client sends) of each endpoint's first contract, by
        /// endpoint name: a request is learnt with them, as no placeholder stands for a body.
        var bodyArguments: [String: [String: Endpoint.Argument]] = [:]

        /// - Parameters:
        ///   - contracts: The contracts the document states.
        ///   - learnable: Whether a model's shape can be learnt: a decoding case of one that cannot
        ///     names no success status.
        init(_ contracts: [Contract], learnable: (ModelDescriptor) -> Bool) {
            for contract in contracts {
                if learnable(contract.model) { models[OpenAPIExport.componentName(contract.model)] = contract.model }
                guard let endpoint = contract.endpoint else { continue }
                endpoints[endpoint.name] = endpoint
                if bodyArguments[endpoint.name] == nil {
                    bodyArguments[endpoint.name] = contract.arguments.filter {
                        if case .json = $0.value { true } else { false }
                    }
                }
                if let requestModel = endpoint.requestModel {
                    models[OpenAPIExport.componentName(requestModel)] = requestModel
                }
                if contract.request?.body != nil { bodies.insert(endpoint.name) }
                for header in contract.request?.headers ?? [] { add(header, of: endpoint.name) }
                for case .ready(let spec) in contract.cases {
                    if spec.isFlow {
                        addFlow(spec, of: endpoint)
                        continue
                    }
                    // Statuses only of cases where the client sends a request.
                    guard case .http(let status, _, _) = spec.response.kind, !spec.expect.needsReplay else { continue }
                    if (200...299).contains(status) {
                        if case .decodes = spec.expect.kind, learnable(contract.model) {
                            successes[endpoint.name, default: []].insert(status)
                        }
                    } else {
                        statuses[endpoint.name, default: []].insert(status)
                    }
                }
            }
        }

        /// A flow's exchanges: those that make its endpoint's own request (the first exchange's
        /// method and path) add their error statuses to its operation, a success its decoding case
        /// owns; the others are operations of their own, each with the statuses they answer.
        mutating func addFlow(_ spec: CaseSpec, of endpoint: Endpoint) {
            guard let first = spec.exchanges.first else { return }
            let own = (first.request.method?.value ?? "GET", first.request.path?.value)
            let basePath = URLComponents(url: endpoint.baseURL, resolvingAgainstBaseURL: false)?.path ?? ""
            let server =
                endpoint.baseURL.absoluteString.hasSuffix("/")
                ? String(endpoint.baseURL.absoluteString.dropLast()) : endpoint.baseURL.absoluteString
            for exchange in spec.exchanges {
                guard case .http(let status, _, _) = exchange.response.kind else { continue }
                let method = exchange.request.method?.value ?? "GET"
                guard let path = exchange.request.path?.value, (method, path) != own || own.1 == nil else {
                    if !(200...299).contains(status) { statuses[endpoint.name, default: []].insert(status) }
                    continue
                }
                let below = path.hasPrefix(basePath) ? "/" + path.dropFirst(basePath.count).drop { $0 == "/" } : path
                let key = OpenAPIExport.FlowOperation(path: below, method: method, endpoint: endpoint.name)
                flowOperations[key, default: (server, [])].statuses.insert(status)
            }
            if case .decodes = spec.expect.kind, case .http(let status, _, _) = spec.response.kind,
                (200...299).contains(status)
            {
                successes[endpoint.name, default: []].insert(status)
            }
        }

        private mutating func add(_ header: RequestExpectation.Header, of endpoint: String) {
            var list = headers[endpoint] ?? []
            if let index = list.firstIndex(where: { $0.name.caseInsensitiveCompare(header.name) == .orderedSame }) {
                if list[index].value != header.value { list[index].value = nil }
            } else {
                list.append((header.name, header.value))
            }
            headers[endpoint] = list
        }

        /// Whether an endpoint takes a request body: it has a request model, or a contract states one.
        func hasBody(_ endpoint: String) -> Bool {
            bodies.contains(endpoint) || endpoints[endpoint]?.requestModel != nil
        }

        /// Whether an endpoint's contracts state an `Authorization` header.
        func sendsAuthorization(_ endpoint: String) -> Bool {
            headers[endpoint]?.contains { $0.name.lowercased() == "authorization" } ?? false
        }

        /// The stated headers as required `in: header` parameters, a stated value as the one
        /// allowed. `Content-Type` is the request body's media type and `Accept` the responses'
        /// (OpenAPI ignores parameters of those names), and `Authorization` a security scheme.
        func headerParameters(of endpoint: String) -> [JSONValue] {
            let ignored: Set<String> = ["accept", "content-type", "authorization"]
            return (headers[endpoint] ?? []).filter { !ignored.contains($0.name.lowercased()) }.map { header in
                var schema: [(String, JSONValue)] = [("type", .string("string"))]
                // A secret's value (`X-Api-Key`) is never an example nor a constant.
                if let value = header.value, !Redaction.looksSecret(header.name) {
                    schema.append(("const", .string(value)))
                }
                return OpenAPIExport.object([
                    ("name", .string(header.name)), ("in", .string("header")), ("required", .bool(true)),
                    ("schema", OpenAPIExport.object(schema)),
                ])
            }
        }
    }

    /// A request a flow's exchange makes that is not its endpoint's own: its path below the base
    /// path, its method, and the endpoint whose flow makes it.
    struct FlowOperation: Hashable {
        let path: String
        let method: String
        let endpoint: String
    }

    /// The name of the security scheme a stated `Authorization` header is, and of the header.
    private static let authorization = "Authorization"

    /// A path item: its operations by method, and its server.
    private static func pathItem(_ item: (server: String, operations: [(String, JSONValue)])?) -> JSONValue {
        guard let item else { return .null }
        return object(item.operations + [("servers", .array([node(object([("url", .string(item.server))]))]))])
    }

    /// An endpoint's operation: its parameters, its request body (the request model's schema, or
    /// any JSON where contracts state a body of an endpoint without one), the `200` its model
    /// describes, and the error statuses its contracts list.
    private static func operation(
        _ endpoint: Endpoint, parameters: [JSONValue], errors: Set<Int>?, successes: Set<Int>, hasBody: Bool,
        security: [String]
    ) -> JSONValue {
        let responses: [(String, JSONValue)] =
            successes.sorted().map { status in
                // A status the client reads without its body (a `204` as an empty list) has none.
                if case .value(let json) = endpoint.rules.ending(forStatus: status) {
                    return ("\(status)", object([("description", .string("no body; the client reads it as \(json)"))]))
                }
                return (
                    "\(status)",
                    object([
                        ("description", .string("a \(endpoint.model.name) the client decodes")),
                        (
                            "content",
                            object([("application/json", object([("schema", schemaReference(endpoint.model))]))])
                        ),
                    ])
                )
            }
            + (errors ?? []).sorted().map { status in
                let answer =
                    endpoint.rules.ending(forStatus: status).errorName.map { "; the client answers \($0)" } ?? ""
                return ("\(status)", object([("description", .string("an error status a contract lists\(answer)"))]))
            }
        var members: [(String, JSONValue)] = [
            ("operationId", .string(endpoint.name)),
            ("parameters", .array(parameters.map(node))),
            ("responses", object(responses)),
        ]
        if hasBody {
            let schema = endpoint.requestModel.map(schemaReference) ?? object([])
            let what = endpoint.requestModel.map { "a \($0.name) the client encodes" } ?? "the JSON the contracts state"
            members.append(
                (
                    "requestBody",
                    object([
                        ("description", .string(what)), ("required", .bool(true)),
                        ("content", object([("application/json", object([("schema", schema)]))])),
                    ])
                ))
        }
        if !security.isEmpty {
            // Every scheme the client sends together, in one requirement.
            members.append(("security", .array([node(object(security.map { ($0, .array([])) }))])))
        }
        return object(members)
    }

    /// The component a model's records are described by: `[Country]` and `Country` share `Country`.
    static func componentName(_ model: ModelDescriptor) -> String {
        model.name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }

    /// The schema of a model: a reference to its component, in an array for an array model.
    static func schemaReference(_ model: ModelDescriptor) -> JSONValue {
        let reference = object([("$ref", .string("#/components/schemas/\(componentName(model))"))])
        return model.isArray ? object([("type", .string("array")), ("items", reference)]) : reference
    }

    /// The JSON Schema of a shape: exactly what the model accepts, other keys allowed.
    static func schema(_ shape: ModelShape, acceptsNull: Bool = false) -> JSONValue {
        func typed(_ type: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
            let types: JSONValue = acceptsNull ? .array([node(.string(type)), node(.string("null"))]) : .string(type)
            return object([("type", types)] + extra)
        }
        switch shape {
        case .object(let fields):
            let required = fields.filter(\.required).map { node(.string($0.key)) }
            var members: [(String, JSONValue)] = [
                ("properties", object(fields.map { ($0.key, schema($0.shape, acceptsNull: $0.acceptsNull)) }))
            ]
            if !required.isEmpty { members.append(("required", .array(required))) }
            return typed("object", members)
        case .array(let element): return typed("array", [("items", schema(element))])
        case .map(let value): return typed("object", [("additionalProperties", schema(value))])
        case .string(.plain): return typed("string")
        case .string(.uuid):
            // Bounded by "no character next", not `$`: Python's `$` also matches before a final
            // newline, and a validator written in it would let "<uuid>\n" through, which
            // UUID(uuidString:) refuses. It takes anything after a NUL, so no maxLength.
            return typed(
                "string",
                [
                    ("format", .string("uuid")), ("pattern", .string(ModelShape.uuidSchemaPattern)),
                    ("minLength", .number("36")),
                ])
        // No `format`: a URL with a space or an "ä" decodes, and a validator asserting
        // `uri-reference` would refuse it. The decoder refuses only the empty string.
        case .string(.url): return typed("string", [("minLength", .number("1"))])
        case .string(.iso8601Date):
            return typed("string", [("format", .string("date-time")), ("pattern", .string(ModelShape.iso8601Pattern))])
        case .string(.base64):
            return typed(
                "string", [("contentEncoding", .string("base64")), ("pattern", .string(ModelShape.base64Pattern))])
        case .string(.formattedDate(let pattern, let format)): return typed("string", dateMembers(pattern, format))
        case .integer(let type): return typed("integer", range(type))
        case .number(let type): return typed("number", range(type))
        case .numberOrNamed(let names):
            return object([
                (
                    "anyOf",
                    .array([node(typed("number")), node(object([("enum", .array(names.map { node(.string($0)) }))]))])
                )
            ])
        case .boolean: return typed("boolean")
        case .enumeration(let values):
            return object([("enum", .array((values + (acceptsNull ? [.null] : [])).map(node)))])
        case .unknown: return object([])
        case .named(let name, _), .reference(let name):
            let reference = object([("$ref", .string("#/components/schemas/\(name)"))])
            guard acceptsNull else { return reference }
            return object([("anyOf", .array([node(reference), node(object([("type", .string("null"))]))]))])
        }
    }

    /// A formatted date's members: the pattern of the forms the suite's bodies write, bounded by
    /// "no character next" as a UUID's is (Python's `$` also matches before a final newline, which
    /// the formatter refuses), and the formatter's pattern where the tool can tell it.
    private static func dateMembers(_ pattern: String, _ format: String?) -> [(String, JSONValue)] {
        let written = format.map { "a date in the format \(JSONValue.quote($0))" } ?? "a date"
        return [
            ("description", .string(written + ", in the forms the suite's bodies write")),
            ("pattern", .string("^" + pattern + "(?![\\s\\S])")),
        ] + (format.map { [("x-date-format", .string($0))] } ?? [])
    }

    /// The range of the Swift type a number is read into, which JSONDecoder enforces: a number
    /// beyond it is refused. A type that refuses the smallest magnitudes rather than read them
    /// as zero (`Decimal`) has them left out, zero kept.
    private static func range(_ type: ModelShape.NumericType) -> [(String, JSONValue)] {
        let bounds = type.bounds
        var members: [(String, JSONValue)] = [
            (bounds.exclusive ? "exclusiveMinimum" : "minimum", .number(bounds.minimum)),
            (bounds.exclusive ? "exclusiveMaximum" : "maximum", .number(bounds.maximum)),
        ]
        if let smallest = bounds.smallest {
            members.append(
                (
                    "not",
                    object([
                        ("type", .string("number")), ("exclusiveMinimum", .number("-" + smallest)),
                        ("exclusiveMaximum", .number(smallest)), ("not", object([("const", .number("0"))])),
                    ])
                ))
        }
        return members
    }

    /// The operations only flows make, each where no endpoint's own operation is.
    private static func addFlowOperations(
        _ operations: [FlowOperation: (server: String, statuses: Set<Int>)],
        to paths: inout [String: (server: String, operations: [(String, JSONValue)])]
    ) {
        for operation in operations.keys.sorted(by: { ($0.path, $0.method) < ($1.path, $1.method) }) {
            guard let found = operations[operation],
                paths[operation.path]?.operations.contains(where: { $0.0 == operation.method.lowercased() }) != true
            else { continue }
            paths[operation.path, default: (found.server, [])].operations.append(
                (operation.method.lowercased(), flowOperation(operation, statuses: found.statuses)))
        }
    }

    /// An operation only a flow's exchanges make (`POST /token` between a `401` and the retry):
    /// each status its exchanges answer with, a 2xx with any JSON (the flow's client reads it as
    /// it will, not as a model).
    private static func flowOperation(_ operation: FlowOperation, statuses: Set<Int>) -> JSONValue {
        let responses: [(String, JSONValue)] = statuses.sorted().map { status in
            guard (200...299).contains(status) else {
                return ("\(status)", object([("description", .string("an error status a flow's exchange meets"))]))
            }
            return (
                "\(status)",
                object([
                    ("description", .string("an answer within a flow of \(operation.endpoint)")),
                    ("content", object([("application/json", object([("schema", object([]))]))])),
                ])
            )
        }
        return object([
            ("operationId", .string("\(operation.endpoint) \(operation.method) \(operation.path)")),
            ("responses", object(responses)),
        ])
    }
}
