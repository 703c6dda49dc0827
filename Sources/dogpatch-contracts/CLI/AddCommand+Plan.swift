import ContractEngine
import DogPatchClients
import Foundation

/// Everything `add` will write, worked out before anything is written, in named stages: the
/// contract the case joins, the expectation, the contract's new text, and its validation.
extension AddCommand {
    /// The body a case is added for: a file, or a server's answer.
    struct Source {
        var body: BodyFile
        /// How messages name it: the file as given, or the URL.
        var display: String
        var status: Int
        /// Response headers the case writes.
        var headers: [(name: String, value: String)] = []
        /// Where and when it was recorded, for a body from the server.
        var recorded: (url: String, at: String, from: String?)?
        /// Where under the fixtures folder it goes (`--as`, or a recording's own path).
        var destination: String?
        /// The size of the body as the server sent it, before it was laid out for review.
        var receivedBytes: Int?
    }

    struct Plan {
        var body: Data
        var fixturePath: String
        var copy: URL?
        var contractText: Data
        var created: Bool
        var caseCount: Int
        var observed: String?

        /// What `add` says it did.
        func summary(source: Source, contractPath: String, name: String, fixtures: FixtureLocator) -> String {
            var lines: [String] = []
            if let recorded = source.recorded {
                lines.append(
                    "recorded GET \(recorded.url) (HTTP \(source.status), \(source.receivedBytes ?? body.count) bytes) as \(fixtures.displayName(fixturePath))"
                )
            } else if copy != nil {
                lines.append("copied \(source.display) to \(fixtures.displayName(fixturePath))")
            }
            lines.append(
                created
                    ? "created \(contractPath) with case \(JSONValue.quote(name))"
                    : "added case \(JSONValue.quote(name)) to \(contractPath) (\(caseCount) cases)")
            if let observed { lines.append("no --expect given: recorded the observed outcome, \(observed)") }
            return lines.map { $0 + "\n" }.joined()
        }
    }

    func makePlan(
        source: Source, contract: (path: String, url: URL), name: String, request: String?, fixtures: FixtureLocator,
        context: CommandContext
    ) throws(AddRefusal) -> Plan {
        let body = source.body
        let (fixturePath, copy) = try placement(
            of: body, at: source.destination, contract: contract.path, fixtures: fixtures)
        let loader = ContractLoader(catalogue: context.catalogue, fixtures: fixtures)
        let existing = try existingContract(contract, name: name, loader: loader, catalogue: context.catalogue)
        let model: ModelDescriptor
        if let existing {
            model = existing.model
        } else {
            do throws(CommandLineError) {
                model = try target.resolve(in: context.catalogue, command: Self.name).model
            } catch { throw .usage(error) }
        }
        let (newCase, explanation) = try caseTemplate(for: source, name: name, fixturePath: fixturePath, model: model)
        let text = try contractText(
            adding: newCase, to: existing == nil ? nil : contract.url, path: contract.path, model: model,
            request: request,
            schema: Self.schemaReference(contract: contract.url, root: context.environment.location.root))
        let loaded = try validated(text, path: contract.path, name: name, isNew: existing == nil, loader: loader)
        let observed = expect == nil ? explanation.outcome.summary(model: model) : nil
        return Plan(
            body: body.data, fixturePath: fixturePath, copy: copy, contractText: text,
            created: existing == nil, caseCount: loaded.cases.count, observed: observed)
    }

    /// Stage one: the contract the case joins, or `nil` when it starts a new one.
    private func existingContract(
        _ contract: (path: String, url: URL), name: String, loader: ContractLoader, catalogue: Catalogue
    ) throws(AddRefusal) -> Contract? {
        guard FileManager.default.fileExists(atPath: contract.url.path) else { return nil }
        switch loader.load(contentsOf: contract.url, file: contract.path) {
        case .invalid(_, _, let diagnostics):
            throw .refused(diagnostics, "\(contract.path) is not a valid contract; fix it, then add the case")
        case .loaded(let existing):
            try check(target, against: existing, contractPath: contract.path, catalogue: catalogue)
            if let duplicate = existing.cases.first(where: { $0.name == name }) {
                throw AddRefusal(
                    "\(contract.path) already has a case named \(JSONValue.quote(duplicate.name)); choose another --name"
                )
            }
            return existing
        }
    }

    /// Stage two: the case, with the expectation given or the outcome observed.
    private func caseTemplate(
        for source: Source, name: String, fixturePath: String, model: ModelDescriptor
    ) throws(AddRefusal) -> (CaseTemplate, Explanation) {
        let explanation: Explanation
        let status = source.status
        switch Explanation.explain(source.body.data, file: source.display, model: model, status: status) {
        case .success(let explained): explanation = explained
        case .failure(let diagnostic): throw .refused([diagnostic], "\(source.display) cannot be used as a fixture")
        }
        let expectation: CaseTemplate.Expect =
            switch expect {
            case nil: CaseTemplate.expect(observing: explanation.outcome, records: explanation.records)
            case Self.decodes?: .decodes(count: nil, values: [])
            case let kind?:
                .error(
                    APIError.Kind(rawValue: kind) ?? .invalidData,
                    status: kind == APIError.Kind.responseUnsuccessful.rawValue && !(200...299).contains(status)
                        ? status : nil,
                    path: nil
                )
            }
        var template = CaseTemplate(
            name: name, status: status, fixture: fixturePath, expect: expectation, headers: source.headers,
            recorded: source.recorded
        )
        template.given = given
        return (template, explanation)
    }

    /// Stage three: the contract's text with the case, appended to the file's own or a new contract.
    private func contractText(
        adding newCase: CaseTemplate, to existing: URL?, path: String, model: ModelDescriptor, request: String?,
        schema: String
    ) throws(AddRefusal) -> Data {
        if let existing {
            guard let current = try? Data(contentsOf: existing),
                let appended = ContractEditor.appending(newCase, to: current)
            else {
                throw AddRefusal("cannot find the \"cases\" array in \(path) to append to")
            }
            return appended
        }
        var argumentsJSON: String?
        if let arguments {
            guard let node = try? JSONParser.parse(Data(arguments.utf8)), case .object = node.value else {
                throw .usage(CommandLineError(message: Self.argumentsUsage(arguments), command: Self.name))
            }
            argumentsJSON = node.value.jsonText
        }
        let modelName = target.endpoint == nil || target.model != nil ? model.name : nil
        return Data(
            ContractEditor.newContract(
                endpoint: target.endpoint, model: modelName, arguments: argumentsJSON, request: request, case: newCase,
                schema: schema
            ).utf8)
    }

    /// `"$schema"` for a new contract: the JSON Schema of contract files at the suite's root
    /// (`schema/contract.schema.json`), from the contract's folder, so editors validate it.
    static func schemaReference(contract: URL, root: URL) -> String {
        let folder = RealPath.resolvingExisting(contract.deletingLastPathComponent().standardizedFileURL.path)
        let base = RealPath.resolvingExisting(root.standardizedFileURL.path)
        let depth = folder.hasPrefix(base + "/") ? folder.dropFirst(base.count + 1).split(separator: "/").count : 0
        return String(repeating: "../", count: depth) + "schema/contract.schema.json"
    }

    /// What `--arguments` takes, when it is not a JSON object.
    static func argumentsUsage(_ arguments: String) -> String {
        "--arguments takes a JSON object, such as '{\"name\": \"peru\"}', not \(JSONValue.quote(arguments))"
    }

    /// Stage four: the file as it will be written must load, and the new case with it, with every
    /// argument its endpoint needs.
    private func validated(_ text: Data, path: String, name: String, isNew: Bool, loader: ContractLoader)
        throws(AddRefusal) -> Contract
    {
        switch loader.load(text, file: path) {
        case .invalid(_, _, let diagnostics):
            throw .refused(diagnostics, "the case was not added")
        case .loaded(let contract):
            if case .invalid(_, let diagnostics)? = contract.cases.first(where: { $0.name == name }) {
                throw .refused(diagnostics, "the case was not added")
            }
            if let endpoint = contract.endpoint, expect != APIError.Kind.invalidRequest.rawValue,
                let missing = endpoint.missingParameters(in: contract.arguments).first
            {
                let example = "{\"\(missing.name)\": ...}"
                let remedy = isNew ? "pass it as --arguments '\(example)'" : "add it to the \"arguments\" of \(path)"
                throw .usage(
                    CommandLineError(
                        message:
                            "\(endpoint.name) needs the argument \"\(missing.name)\" (\(missing.kind.rawValue)), missing or empty here, so the client would answer invalidRequest; \(remedy)",
                        command: Self.name
                    ))
            }
            return contract
        }
    }

    /// Where the body lives under the fixtures folder, and where to copy it when it is outside.
    private func placement(of body: BodyFile, at destination: String?, contract: String, fixtures: FixtureLocator)
        throws(AddRefusal) -> (path: String, copy: URL?)
    {
        if let inside = body.fixturePath {
            if let destination, destination != inside {
                throw .usage(
                    CommandLineError(
                        message:
                            "--as is only for a file outside the fixtures folder; \(body.url.lastPathComponent) is already at \(fixtures.displayName(inside))",
                        command: "add"))
            }
            return (inside, nil)
        }
        let path = try fixturePath(for: body, at: destination, contract: contract, fixtures: fixtures)
        let target: URL
        switch fixtures.resolve(path) {
        case .success(let url): target = url
        case .failure(let problem): throw .usage(CommandLineError(message: problem.message, command: "add"))
        }
        guard FileManager.default.fileExists(atPath: target.path) else { return (path, target) }
        guard (try? Data(contentsOf: target)) == body.data else {
            throw AddRefusal(
                "\(fixtures.displayName(path)) already exists with different content; keep it and choose another name with --as PATH"
            )
        }
        return (path, nil)
    }

    /// The path `--as` names, relative to the fixtures folder: a folder (written with a trailing
    /// `/`, as `.`, or one that exists) keeps the file's own name. Without `--as`, the file keeps
    /// its name in the contract's own folder, where `add --live` and `add --har` put theirs
    /// (`contracts/countries/by-name.json` → `Fixtures/countries/by-name/`).
    private func fixturePath(for body: BodyFile, at destination: String?, contract: String, fixtures: FixtureLocator)
        throws(AddRefusal) -> String
    {
        let name = body.url.lastPathComponent
        guard let destination else {
            if body.isStream {
                throw .usage(
                    CommandLineError(
                        message:
                            "\(JSONValue.quote(body.url.path)) is a stream, not a file with a name; name the fixture with --as PATH",
                        command: "add"))
            }
            return FixtureName.folder(contract: contract) + "/" + name
        }
        guard !destination.isEmpty else {
            throw .usage(
                CommandLineError(
                    message:
                        "--as needs a path inside the fixtures folder, such as \"countries/\(name)\" or \"countries/\"",
                    command: "add"))
        }
        let normalized = ContractDiscovery.normalized(destination)
        var isFolder: ObjCBool = false
        let existingFolder =
            FileManager.default.fileExists(
                atPath: fixtures.root.appendingPathComponent(normalized).path, isDirectory: &isFolder)
            && isFolder.boolValue
        if normalized == "." { return name }
        if destination.hasSuffix("/") || destination.hasSuffix("/.") || existingFolder {
            return normalized + "/" + name
        }
        return normalized
    }

    /// `--endpoint`, `--model` and `--arguments` given for an existing contract: accepted when
    /// they say what the contract says, refused otherwise (before any request is sent).
    func check(_ target: TargetChoice, against contract: Contract, contractPath: String, catalogue: Catalogue)
        throws(AddRefusal)
    {
        if let endpoint = target.endpoint, endpoint != contract.endpoint?.name {
            let actual = contract.endpoint.map { "endpoint \"\($0.name)\"" } ?? "no endpoint (a fixture contract)"
            throw AddRefusal("\(contractPath) has \(actual), not \"\(endpoint)\"")
        }
        if let model = target.model, model != contract.model.name {
            throw AddRefusal("\(contractPath) decodes \"\(contract.model.name)\", not \"\(model)\"")
        }
        guard let arguments, let endpoint = contract.endpoint else {
            if arguments != nil {
                throw AddRefusal("\(contractPath) is a fixture contract (no \"endpoint\"): it takes no --arguments")
            }
            return
        }
        let given = try Self.parsedArguments(
            arguments, endpoint: endpoint.name, contractPath: contractPath, catalogue: catalogue)
        guard given == contract.arguments else {
            throw .usage(
                CommandLineError(
                    message:
                        "--arguments \(arguments) differ from the arguments \(contractPath) already has; leave --arguments out to use its own",
                    command: Self.name))
        }
    }

    /// `--arguments` as a contract for an endpoint holds them, checked as the loader checks a
    /// contract's, so a wrong argument gets the same diagnostics whatever the origin of the body.
    static func parsedArguments(
        _ text: String?, endpoint: String, contractPath: String, schema: String? = nil, catalogue: Catalogue
    ) throws(AddRefusal) -> [String: Endpoint.Argument] {
        var json: String?
        if let text {
            guard let node = try? JSONParser.parse(Data(text.utf8)), case .object = node.value else {
                throw .usage(CommandLineError(message: Self.argumentsUsage(text), command: Self.name))
            }
            json = node.value.jsonText
        }
        let contract = ContractEditor.newContract(
            endpoint: endpoint, model: nil, arguments: json,
            case: CaseTemplate(name: "x", status: 200, fixture: "x.json", expect: .decodes(count: nil, values: [])),
            schema: schema)
        let loader = ContractLoader(
            catalogue: catalogue, fixtures: FixtureLocator(root: URL(fileURLWithPath: "/"), displayRoot: ""))
        switch loader.load(Data(contract.utf8), file: contractPath) {
        case .invalid(_, _, let diagnostics): throw .refused(diagnostics, "the case was not added")
        case .loaded(let loaded): return loaded.arguments
        }
    }

}
