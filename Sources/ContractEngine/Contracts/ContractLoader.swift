import DogPatchClients
import Foundation

/// Loads contract files strictly: every unknown key, wrong type, duplicate, unknown name and
/// escaping path is an error at the contract's `file:line:col`.
package struct ContractLoader: Sendable {
    /// The newest contract format this tool reads.
    package static let currentVersion = 1
    /// The largest contract file read, in bytes.
    package static let maxContractBytes = 16 << 20

    let catalogue: Catalogue
    package let fixtures: FixtureLocator

    /// Creates a loader.
    /// - Parameters:
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - fixtures: Where fixture paths resolve.
    package init(catalogue: Catalogue, fixtures: FixtureLocator) {
        self.catalogue = catalogue
        self.fixtures = fixtures
    }

    /// Reads and loads a contract file.
    /// - Parameters:
    ///   - url: The file.
    ///   - file: How reports name it.
    /// - Returns: The contract, or its problems.
    package func load(contentsOf url: URL, file: String) -> LoadedContract {
        read(contentsOf: url, file: file).loaded
    }

    /// Reads and loads a contract file, keeping its bytes and tree for an editor.
    /// - Parameters:
    ///   - url: The file.
    ///   - file: How reports name it.
    /// - Returns: The file's bytes and tree, when it could be read and parsed, and what they load into.
    package func read(contentsOf url: URL, file: String) -> Source {
        let data: Data
        switch RegularFile.read(url.path, limit: Self.maxContractBytes) {
        case .success(let bytes):
            data = bytes
        case .failure(let failure):
            let problem =
                switch failure {
                case .cannotStat(let code):
                    Diagnostic(.error, "cannot read the contract: \(FileProblem.describe(errno: code))", file: file)
                case .folder, .notRegular:
                    Diagnostic(.error, "cannot read the contract: \(RegularFile.notRegularReason)", file: file)
                case .tooLarge(let size):
                    Diagnostic(
                        .error, "contract is \(size) bytes, over the limit of \(Self.maxContractBytes)", file: file,
                        position: .start)
                case .cannotRead(let reason): Diagnostic(.error, "cannot read the contract: \(reason)", file: file)
                }
            return Source(loaded: .invalid(file: file, endpoint: nil, diagnostics: [problem]), data: nil, root: nil)
        }
        var source = read(data, file: file)
        if case .loaded(var contract) = source.loaded {
            contract.url = url
            source.loaded = .loaded(contract)
        }
        return source
    }

    /// Loads a contract from its bytes.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: How reports name it.
    /// - Returns: The contract, or its problems.
    package func load(_ data: Data, file: String) -> LoadedContract {
        read(data, file: file).loaded
    }

    /// Parses and loads a contract's bytes, keeping the tree.
    func read(_ data: Data, file: String) -> Source {
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            let diagnostic = Diagnostic(
                .error, "invalid JSON: \(error.message)", file: file, position: error.position)
            return Source(loaded: .invalid(file: file, endpoint: nil, diagnostics: [diagnostic]), data: data, root: nil)
        }
        var reader = ContractReader(file: file)
        guard let header = readHeader(root, reader: &reader), reader.diagnostics.isEmpty, let model = header.model
        else {
            let loaded = LoadedContract.invalid(
                file: file, endpoint: reader.endpointName, diagnostics: reader.diagnostics)
            return Source(loaded: loaded, data: data, root: root)
        }
        let contract = Contract(
            file: file, endpoint: header.endpoint, model: model, arguments: header.arguments,
            request: header.request,
            responseQueue: header.responseQueue, ignoredKeys: header.ignoredKeys,
            cases: readCases(header.caseNodes, model: model, replayable: header.endpoint != nil, file: file)
        )
        return Source(loaded: .loaded(contract), data: data, root: root)
    }

    /// `; did you mean "X"?` for a name within two edits of a known one, or nothing.
    static func didYouMean(_ name: String, among known: [String]) -> String {
        ContractReader.suggestion(for: name, among: known).map { "; did you mean \(JSONValue.quote($0))?" } ?? ""
    }

    /// Everything a contract says above its cases, and the cases' nodes.
    private struct Header {
        var endpoint: Endpoint?
        var model: ModelDescriptor?
        var arguments: [String: Endpoint.Argument]
        var request: RequestExpectation?
        var responseQueue: ResponseQueue
        var ignoredKeys: Set<String>
        var caseNodes: [JSONNode]
    }

    /// Stage one: the contract's own keys, each problem reported where it is written.
    private func readHeader(_ root: JSONNode, reader: inout ContractReader) -> Header? {
        let top = reader.members(
            of: root, in: "the contract",
            allowed: [
                "$schema", "version", "description", "endpoint", "arguments", "request", "model", "responseQueue",
                "ignoredKeys", "cases",
            ]
        )
        guard let top else { return nil }
        _ = reader.string(top["description"])
        // Where an editor finds the JSON Schema of contract files; the tool does not read it.
        _ = reader.string(top["$schema"])
        if let version = reader.integer(top["version"], in: Int.min...Int.max) {
            if version.value > Self.currentVersion {
                reader.error(
                    "contract version \(version.value) is newer than this tool reads (version \(Self.currentVersion)); update dogpatch-contracts",
                    at: version.position)
            } else if version.value < 1 {
                reader.error("contract version must be 1, found \(version.value)", at: version.position)
            }
        }
        let endpointName = reader.string(top["endpoint"])
        reader.endpointName = endpointName?.value
        var endpoint: Endpoint?
        if let endpointName {
            switch catalogue.endpoint(resolving: endpointName.value) {
            case .success(let found): endpoint = found
            case .failure(let error):
                reader.error(
                    error.message
                        + Self.didYouMean(endpointName.value, among: catalogue.endpoints.map(\.name)),
                    at: endpointName.position)
            }
        }
        var responseQueue = ResponseQueue.main
        if let queue = reader.string(top["responseQueue"]) {
            if let parsed = ResponseQueue(rawValue: queue.value) {
                responseQueue = parsed
            } else {
                reader.error(
                    "\"responseQueue\" must be \"main\" or \"private\", found \"\(queue.value)\"", at: queue.position)
            }
        }
        return Header(
            endpoint: endpoint,
            model: resolveModel(top, endpoint: endpoint, endpointName: endpointName, reader: &reader),
            arguments: readArguments(top["arguments"], endpoint: endpoint, named: endpointName != nil, reader: &reader),
            request: readRequest(top["request"], endpoint: endpoint, named: endpointName != nil, reader: &reader),
            responseQueue: responseQueue,
            ignoredKeys: Set(reader.stringArray(top["ignoredKeys"])?.value ?? []),
            caseNodes: readCaseNodes(top["cases"], root: root, reader: &reader)
        )
    }

    /// The `cases` array's elements, which must be at least one.
    private func readCaseNodes(_ member: JSONMember?, root: JSONNode, reader: inout ContractReader) -> [JSONNode] {
        guard let member else {
            reader.error("missing required key \"cases\" in the contract", at: root.position)
            return []
        }
        guard case .array(let elements) = member.value.value else {
            reader.error(
                "\"cases\" must be an array, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return []
        }
        if elements.isEmpty {
            reader.error("\"cases\" is empty: a contract needs at least one case", at: member.value.position)
        }
        return elements
    }

    /// What a case name must hold more than: made once, as `CharacterSet.whitespaces` is made anew
    /// each time it is asked for.
    private static let blank = CharacterSet.whitespacesAndNewlines

    /// Whether a name holds nothing but white space (the schema's `"pattern": "\\S"` says the same).
    private static func isBlank(_ text: String) -> Bool {
        // `allSatisfy` stops at a name's first letter; trimming copied every name in the suite.
        text.unicodeScalars.allSatisfy(blank.contains)
    }

    /// The statuses URLSession follows when they carry a `Location`: the client never sees them.
    static let followedRedirects: Set<Int> = [301, 302, 303, 307, 308]

    /// Stage two: each case on its own, a duplicate name making the later one invalid.
    private func readCases(_ nodes: [JSONNode], model: ModelDescriptor, replayable: Bool, file: String) -> [CaseEntry] {
        // Each case reads on its own, so a contract of thousands reads on every core; duplicate
        // names are then found in order.
        let entries = Array(nodes.indices).concurrentMap(minimumCount: 256) { index in
            readCase(nodes[index], index: index, model: model, replayable: replayable, file: file)
        }
        var seen: [String: SourcePosition] = [:]
        return zip(nodes, entries).map { node, entry in
            guard let first = seen[entry.name] else {
                seen[entry.name] = node.position
                return entry
            }
            let duplicate = Diagnostic(
                .error, "duplicate case name \"\(entry.name)\" (first at line \(first.line))", file: file,
                position: node.position
            )
            if case .invalid(_, let diagnostics) = entry {
                return .invalid(name: entry.name, diagnostics: [duplicate] + diagnostics)
            }
            return .invalid(name: entry.name, diagnostics: [duplicate])
        }
    }

    private func resolveModel(
        _ top: MemberTable, endpoint: Endpoint?, endpointName: Located<String>?, reader: inout ContractReader
    ) -> ModelDescriptor? {
        guard let modelName = reader.string(top["model"]) else {
            if top["model"] == nil, endpointName == nil {
                reader.error("a contract without \"endpoint\" needs \"model\" (\(catalogue.knownModels))", at: .start)
            }
            return endpoint?.model
        }
        switch catalogue.model(resolving: modelName.value, for: endpoint) {
        case .success(let model):
            return model
        case .failure(let error):
            let names = catalogue.models.map(\.name)
            reader.error(
                error.message
                    + (catalogue.model(named: modelName.value) == nil
                        ? Self.didYouMean(modelName.value, among: names) : ""),
                at: modelName.position)
            return nil
        }
    }

    /// Reads `arguments`; `named` tells an absent endpoint (an error here) from an unknown one (reported already).
    private func readArguments(
        _ member: JSONMember?, endpoint: Endpoint?, named: Bool, reader: inout ContractReader
    ) -> [String: Endpoint.Argument] {
        guard let member else { return [:] }
        guard let endpoint else {
            if !named {
                reader.error("\"arguments\" needs an \"endpoint\" to pass them to", at: member.keyPosition)
            }
            return [:]
        }
        let allowed = endpoint.parameters.map(\.name)
        guard !allowed.isEmpty else {
            reader.error("\(endpoint.name) takes no arguments; remove \"arguments\"", at: member.keyPosition)
            return [:]
        }
        guard let members = reader.members(of: member.value, in: "\"arguments\" of \(endpoint.name)", allowed: allowed)
        else { return [:] }
        var arguments: [String: Endpoint.Argument] = [:]
        for (name, argument) in members {
            guard let parameter = endpoint.parameter(named: name) else { continue }
            switch (parameter.kind, argument.value.value) {
            case (.string, .string(let value)):
                arguments[name] = .string(value)
            case (.bool, .bool(let value)):
                arguments[name] = .bool(value)
            case (.strings, .array(let elements)):
                let strings = elements.compactMap { element -> String? in
                    if case .string(let value) = element.value { return value }
                    reader.error(
                        "argument \"\(name)\" must hold only strings, found \(element.value.foundDescription)",
                        at: element.position)
                    return nil
                }
                arguments[name] = .strings(strings)
            default:
                reader.error(
                    "argument \"\(name)\" must be \(parameter.kind.rawValue), found \(argument.value.value.foundDescription)",
                    at: argument.value.position)
            }
        }
        return arguments
    }

    private func readRequest(_ member: JSONMember?, endpoint: Endpoint?, named: Bool, reader: inout ContractReader)
        -> RequestExpectation?
    {
        guard let member else { return nil }
        if endpoint == nil, !named {
            reader.error("\"request\" needs an \"endpoint\" whose client sends it", at: member.keyPosition)
        }
        guard let members = reader.members(of: member.value, in: "\"request\"", allowed: ["method", "path", "query"])
        else { return nil }
        var request = RequestExpectation()
        request.method = reader.string(members["method"])
        request.path = reader.string(members["path"])
        request.query = reader.stringObject(members["query"])
        return request
    }

    func readCase(_ node: JSONNode, index: Int, model: ModelDescriptor, replayable: Bool, file: String)
        -> CaseEntry
    {
        var reader = ContractReader(file: file)
        let fallbackName = "#\(index + 1)"
        guard
            let members = reader.members(
                of: node, in: "case \(fallbackName)",
                allowed: ["name", "description", "given", "response", "expect", "skip", "replay", "recorded"]
            )
        else {
            return .invalid(name: fallbackName, diagnostics: reader.diagnostics)
        }
        let name = reader.string(members["name"])
        if members["name"] == nil {
            reader.error("missing required key \"name\" in case \(fallbackName)", at: node.position)
        } else if let name, Self.isBlank(name.value) {
            reader.error("case name must not be empty", at: name.position)
        }
        let caseName = name?.value ?? fallbackName
        let given = reader.string(members["given"])
        if let given, Self.isBlank(given.value) {
            reader.error("\"given\" names the provider state the case needs; it must not be empty", at: given.position)
        }
        _ = reader.string(members["description"])
        let skip = reader.string(members["skip"])
        let replay = reader.bool(members["replay"])
        var response: ResponseSpec?
        if let member = members["response"] {
            response = readResponse(member, reader: &reader)
        } else {
            reader.error("missing required key \"response\" in case \"\(caseName)\"", at: node.position)
        }
        var expect: Expectation?
        if let member = members["expect"] {
            expect = readExpectation(member, model: model, reader: &reader)
        } else {
            reader.error("missing required key \"expect\" in case \"\(caseName)\"", at: node.position)
        }
        if let expect, expect.needsReplay, !replayable || replay?.value == false {
            // Such a case would be skipped on every run and never fail: a contract error, not a pass.
            let why =
                replayable
                ? "this case has \"replay\": false" : "a fixture contract (no \"endpoint\") is never replayed"
            reader.error(
                "\"invalidRequest\" depends on the arguments and only replay can check it, but \(why); this case could never run",
                at: expect.position)
        }
        let recorded = members["recorded"].flatMap {
            readRecording($0, response: response, replayable: replayable, reader: &reader)
        }
        guard reader.diagnostics.isEmpty, let response, let expect else {
            return .invalid(name: caseName, diagnostics: reader.diagnostics)
        }
        var spec = CaseSpec(
            name: caseName, position: node.position, response: response, expect: expect,
            skip: skip?.value, replay: replay?.value ?? true, recorded: recorded)
        spec.given = given?.value
        return .ready(spec)
    }

    /// Reads `recorded`: where the tool took the case's fixture from, and when.
    private func readRecording(
        _ member: JSONMember, response: ResponseSpec?, replayable: Bool, reader: inout ContractReader
    ) -> Recording? {
        guard let members = reader.members(of: member.value, in: "\"recorded\"", allowed: ["url", "at", "from"]) else {
            return nil
        }
        guard let url = reader.string(members["url"]), let at = reader.string(members["at"]) else {
            for key in ["url", "at"] where members[key] == nil {
                reader.error("missing required key \"\(key)\" in \"recorded\"", at: member.value.position)
            }
            return nil
        }
        if !replayable {
            reader.error(
                "\"recorded\" needs an \"endpoint\": the request sent to the server is the client's",
                at: member.keyPosition)
        }
        if let response, response.fixturePath == nil {
            reader.error(
                "\"recorded\" is for a case whose response is a \"fixture\", which recording writes",
                at: member.keyPosition)
        }
        if !Recording.isRFC3339(at.value) {
            reader.error(
                "\"at\" must be an RFC 3339 time such as \"2026-11-22T08:00:00Z\", not \(JSONValue.quote(at.value))",
                at: at.position)
        }
        let from = reader.string(members["from"])
        return Recording(url: url.value, at: at.value, from: from?.value, position: member.value.position)
    }

    private func readResponse(_ member: JSONMember, reader: inout ContractReader) -> ResponseSpec? {
        guard
            let members = reader.members(
                of: member.value, in: "\"response\"",
                allowed: ["status", "headers", "fixture", "body", "networkError", "delayMs"]
            )
        else { return nil }
        let delay = reader.integer(members["delayMs"], in: 0...600_000)?.value ?? 0
        if let networkError = reader.string(members["networkError"]) {
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
                kind: .networkError(code: code, name: networkError.value), delayMs: delay,
                position: member.value.position)
        }
        let status = reader.integer(members["status"], in: 100...599)?.value ?? 200
        let headers = reader.stringObject(members["headers"])?.value ?? [:]
        checkHeaderNames(members["headers"], status: status, reader: &reader)
        let fixture = reader.string(members["fixture"])
        let inline = reader.string(members["body"])
        var body = ResponseSpec.Body.none
        if let fixture, inline != nil {
            reader.error("a response takes \"fixture\" or \"body\", not both", at: fixture.position)
        } else if let fixture {
            switch fixtures.resolvePath(fixture.value) {
            case .success(let file): body = .fixture(path: fixture.value, file: file, position: fixture.position)
            case .failure(let problem): reader.error(problem.message, at: fixture.position)
            }
        } else if let inline {
            body = .inline(inline.value)
        }
        return ResponseSpec(
            kind: .http(status: status, headers: headers, body: body), delayMs: delay, position: member.value.position)
    }

    /// Header names are compared without regard to case, as HTTP does: one named twice is an
    /// error at the second; and a redirect the client follows (a 3xx with `Location`) is an answer
    /// no client ever sees.
    private func checkHeaderNames(_ member: JSONMember?, status: Int, reader: inout ContractReader) {
        guard let member, case .object(let entries) = member.value.value else { return }
        var seen: [String: JSONMember] = [:]
        for entry in entries {
            let name = entry.key.lowercased()
            if let first = seen[name], first.key != entry.key {
                reader.error(
                    "header \(JSONValue.quote(entry.key)) is named twice, first as \(JSONValue.quote(first.key)) at line \(first.keyPosition.line): header names do not differ by case",
                    at: entry.keyPosition)
            }
            seen[name] = seen[name] ?? entry
            if name == "location", Self.followedRedirects.contains(status) {
                reader.error(
                    "a \(status) with \"Location\" never reaches the client: URLSession follows the redirect; describe the answer it leads to instead",
                    at: entry.keyPosition)
            }
        }
    }

    private func readExpectation(_ member: JSONMember, model: ModelDescriptor, reader: inout ContractReader)
        -> Expectation?
    {
        guard
            let members = reader.members(
                of: member.value, in: "\"expect\"", allowed: ["decodes", "count", "values", "error", "status", "path"]
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
            guard decodes.value else {
                reader.error(
                    "\"decodes\": false is not an expectation; name the failure with \"error\"", at: decodes.position)
                return nil
            }
            for key in ["status", "path"] where members[key] != nil {
                reader.error(
                    "\"\(key)\" goes with \"error\", not with \"decodes\"", at: members[key]?.keyPosition ?? position)
            }
            let count = reader.integer(members["count"], in: 0...Int.max)
            if let count, !model.isArray {
                reader.error("\"count\" needs an array model; \"\(model.name)\" is not one", at: count.position)
            }
            let values = readValues(members["values"], reader: &reader)
            return Expectation(kind: .decodes(count: count, values: values), position: position)
        case (nil, let errorName?):
            guard let kind = APIError.Kind(rawValue: errorName.value) else {
                let known = APIError.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                reader.error("unknown error \"\(errorName.value)\"; expected one of \(known)", at: errorName.position)
                return nil
            }
            for key in ["count", "values"] where members[key] != nil {
                reader.error(
                    "\"\(key)\" goes with \"decodes\", not with \"error\"", at: members[key]?.keyPosition ?? position)
            }
            let status = reader.integer(members["status"], in: 100...599)
            if let status, kind != .responseUnsuccessful {
                reader.error(
                    "\"status\" goes with \"responseUnsuccessful\", not \"\(kind.rawValue)\"", at: status.position)
            }
            var path: Located<JSONPath>?
            if let text = reader.string(members["path"]) {
                if kind != .jsonConversionFailure {
                    reader.error(
                        "\"path\" goes with \"jsonConversionFailure\", not \"\(kind.rawValue)\"", at: text.position)
                } else if let parsed = JSONPath(parsing: text.value) {
                    path = Located(value: parsed, position: text.position)
                } else {
                    reader.error(
                        "\"\(text.value)\" is not a path; write paths like \"[0].name.common\"", at: text.position)
                }
            }
            return Expectation(kind: .error(kind, status: status, path: path), position: position)
        case (nil, nil):
            reader.error("\"expect\" needs \"decodes\": true or \"error\"", at: position)
            return nil
        }
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
