import ContractCatalogue
import Foundation

/// Everything `add` will write, worked out before anything is written, in named stages: where the
/// fixture goes, the contract the case joins, the expectation, the contract's new text, and its
/// validation.
extension CaseAddition {
    /// The writes, and what they add.
    struct Planned {
        /// The fixture's path, relative to the fixtures folder.
        var fixturePath: String
        /// Where the body is copied, when it is not under the fixtures folder yet.
        var copy: URL?
        /// Whether the contract file is new.
        var created: Bool
        /// The outcome recorded as observed, when no expectation was asked for.
        var observed: String?
        /// The contract as it will be, with the new case.
        var contract: Contract
    }

    /// Plans every write from the files as they are.
    /// - Parameters:
    ///   - body: The body.
    ///   - existing: The contract file as read, or `nil` when there is none.
    ///   - requestBlock: The `request` block a new endpoint contract states.
    ///   - memo: What was worked out already.
    /// - Returns: The writes, and what they add.
    func plan(_ body: Body, existing source: ContractLoader.Source?, requestBlock: String?, memo: inout Memo)
        throws(Problem) -> (changes: FileChanges, plan: Planned)
    {
        let (fixturePath, copy) = try placement(of: body)
        let existing = try existingContract(source, memo: &memo)
        let model: ModelDescriptor
        if let existing { model = existing.model } else { model = try newContractModel() }
        let endpoint = existing?.endpoint ?? request.endpoint.flatMap(catalogue.endpoint(named:))
        let (newCase, observation) = try caseTemplate(
            for: body, fixturePath: fixturePath, model: model, endpoint: endpoint, memo: &memo)
        let contract: Contract
        let text: Data
        if let existing, let source {
            guard let data = source.data, let root = source.root,
                let appended = ContractEditor.appending([newCase], to: data, root: root)
            else {
                throw .refused([], "cannot find the \"cases\" array in \(place.path) to append to")
            }
            text = appended.data
            contract = try validated(loader.readAppended(appended.cases, to: existing), isNew: false)
        } else {
            text = try newContract(newCase, model: model, requestBlock: requestBlock)
            contract = try validated(newContract: text)
        }
        var changes = FileChanges()
        if let copy { changes.write(body.file.data, to: copy, display: place.fixtures.displayName(fixturePath)) }
        changes.write(text, to: place.url, display: place.path)
        let observed = request.expect == .observed ? observation.outcome.summary(model: model) : nil
        return (
            changes,
            Planned(
                fixturePath: fixturePath, copy: copy, created: existing == nil, observed: observed, contract: contract)
        )
    }

    /// Stage one: where the body lives under the fixtures folder, and where to copy it when it is
    /// outside.
    private func placement(of body: Body) throws(Problem) -> (path: String, copy: URL?) {
        let fixtures = place.fixtures
        if let inside = body.file.fixturePath {
            if let destination = body.destination, destination != inside {
                throw .destinationForFixture(
                    file: body.file.url.lastPathComponent, fixture: fixtures.displayName(inside))
            }
            return (inside, nil)
        }
        let path = try fixturePath(for: body.file, at: body.destination)
        let target: URL
        switch fixtures.resolve(path) {
        case .success(let url): target = url
        case .failure(let problem): throw .fixturePath(problem.message)
        }
        guard FileManager.default.fileExists(atPath: target.path) else { return (path, target) }
        guard (try? Data(contentsOf: target)) == body.file.data else {
            throw .fixtureInTheWay(fixtures.displayName(path))
        }
        return (path, nil)
    }

    /// The path a destination names, relative to the fixtures folder: a folder (written with a
    /// trailing `/`, as `.`, or one that exists) keeps the file's own name. Without one, the file
    /// keeps its name in the contract's own folder, where recorded and captured fixtures go
    /// (`contracts/countries/by-name.json` → `Fixtures/countries/by-name/`).
    func fixturePath(for file: BodyFile, at destination: String?) throws(Problem) -> String {
        let name = file.url.lastPathComponent
        guard let destination else {
            if file.isStream { throw .streamNeedsDestination(file.url.path) }
            return place.fixtureFolder + "/" + name
        }
        guard !destination.isEmpty else { throw .emptyDestination(fileName: name) }
        let normalized = RealPath.normalized(destination)
        var isFolder: ObjCBool = false
        let existingFolder =
            FileManager.default.fileExists(
                atPath: place.fixtures.root.appendingPathComponent(normalized).path, isDirectory: &isFolder)
            && isFolder.boolValue
        if normalized == "." { return name }
        if destination.hasSuffix("/") || destination.hasSuffix("/.") || existingFolder {
            return normalized + "/" + name
        }
        return normalized
    }

    /// Stage two: the contract the case joins, or `nil` when it starts a new one.
    func existingContract(_ source: ContractLoader.Source?, memo: inout Memo) throws(Problem) -> Contract? {
        guard let source else { return nil }
        switch source.loaded {
        case .invalid(_, _, let diagnostics):
            throw .refused(diagnostics, "\(place.path) is not a valid contract; fix it, then add the case")
        case .loaded(let existing):
            try check(existing, memo: &memo)
            if let duplicate = existing.cases.first(where: { $0.name == request.name }) {
                throw .duplicateName(contract: place.path, name: duplicate.name)
            }
            return existing
        }
    }

    /// The endpoint, model and arguments asked for, against an existing contract: accepted when
    /// they say what the contract says, refused otherwise (before any request is sent).
    func check(_ contract: Contract, memo: inout Memo) throws(Problem) {
        if let endpoint = request.endpoint, endpoint != contract.endpoint?.name {
            let actual = contract.endpoint.map { "endpoint \"\($0.name)\"" } ?? "no endpoint (a fixture contract)"
            throw .refused([], "\(place.path) has \(actual), not \"\(endpoint)\"")
        }
        if let model = request.model, model != contract.model.name {
            throw .refused([], "\(place.path) decodes \"\(contract.model.name)\", not \"\(model)\"")
        }
        guard let arguments = request.arguments, let endpoint = contract.endpoint else {
            if request.arguments != nil { throw .argumentsForFixtureContract(contract: place.path) }
            return
        }
        guard try parsedArguments(endpoint: endpoint.name, schema: nil, memo: &memo) == contract.arguments else {
            throw .argumentsDiffer(arguments, contract: place.path)
        }
    }

    /// The model a new contract decodes into: the one asked for, or the endpoint's.
    private func newContractModel() throws(Problem) -> ModelDescriptor {
        switch catalogue.resolve(endpoint: request.endpoint, model: request.model) {
        case .failure(let error): throw .catalogue(error)
        case .success((_, let model?)): return model
        case .success((_, nil)): throw .noTarget
        }
    }

    /// Stage three: the case, with the expectation asked for or the outcome observed.
    private func caseTemplate(
        for body: Body, fixturePath: String, model: ModelDescriptor, endpoint: Endpoint?, memo: inout Memo
    ) throws(Problem) -> (CaseTemplate, ObservedBody) {
        let status = body.status
        let errors = endpoint?.errors ?? .apiError
        // Observed once an add: the plan under the lock observes again only if the model changed.
        let observed =
            memo.observed.flatMap { $0.model == model.name ? $0.result : nil }
            ?? ObservedBody.observe(
                body.file.data, file: body.display, model: place.spelling(model), status: status,
                rules: endpoint?.rules ?? .standard,
                errors: errors)
        memo.observed = (model.name, observed)
        let observation: ObservedBody
        switch observed {
        case .success(let found): observation = found
        case .failure(let diagnostic): throw .refused([diagnostic], "\(body.display) cannot be used as a fixture")
        }
        let expectation: CaseTemplate.Expect =
            switch request.expect {
            case .observed: observation.expectation
            case .decodes: .decodes(count: nil, values: [])
            case .error(let name):
                .error(
                    name,
                    status: ErrorName(name, in: errors).carriesStatus && !(200...299).contains(status) ? status : nil,
                    path: nil)
            }
        var template = CaseTemplate(
            name: request.name, status: status, fixture: fixturePath, expect: expectation, headers: body.headers,
            recorded: body.recorded)
        template.given = request.given
        return (template, observation)
    }

    /// Stage four, for a new contract: its text, holding the case.
    private func newContract(_ newCase: CaseTemplate, model: ModelDescriptor, requestBlock: String?) throws(Problem)
        -> Data
    {
        let modelName = request.endpoint == nil || request.model != nil ? model.name : nil
        return Data(
            ContractEditor.newContract(
                endpoint: request.endpoint, model: modelName, arguments: try argumentsJSON(), request: requestBlock,
                case: newCase, schema: place.schema
            ).utf8)
    }

    /// Stage five, for a new contract: the file as it will be written must load.
    private func validated(newContract text: Data) throws(Problem) -> Contract {
        switch loader.load(text, file: place.path) {
        case .invalid(_, _, let diagnostics): throw .refused(diagnostics, "the case was not added")
        case .loaded(var contract):
            contract.url = place.url
            return try validated(contract, isNew: true)
        }
    }

    /// Stage five: the new case must load, with every argument its endpoint needs.
    private func validated(_ contract: Contract, isNew: Bool) throws(Problem) -> Contract {
        if case .invalid(_, let diagnostics)? = contract.cases.first(where: { $0.name == request.name }) {
            throw .refused(diagnostics, "the case was not added")
        }
        if let endpoint = contract.endpoint, !Self.expectsArgumentError(request.expect, endpoint: endpoint),
            let missing = endpoint.missingParameters(in: contract.arguments).first
        {
            throw .missingArgument(
                endpoint: endpoint.name, name: missing.name, kind: missing.kind.rawValue, contract: place.path,
                isNew: isNew)
        }
        return contract
    }

    /// Whether a case is to expect an error no response gives (`invalidRequest`): one that a
    /// missing argument leads to.
    private static func expectsArgumentError(_ expect: Expecting, endpoint: Endpoint) -> Bool {
        guard case .error(let name) = expect else { return false }
        return !endpoint.rules.errorNames.contains(name)
    }
}
