import Foundation
import DogPatchClients

/// `dogpatch-contracts add FIXTURE --contract FILE --name NAME (--endpoint E | --model M) [options]`.
struct AddCommand {
    var file: String?
    var contract: String?
    var name: String?
    var target = TargetChoice()
    var status = 200
    var expect: String?
    var arguments: String?
    var destination: String?
    var fixturesFolder: String?
    var timeout = VerifyOptions().timeout
    var help = false

    /// What `--expect` accepts besides the `APIError` cases.
    static let decodes = "decodes"

    static func parse(_ arguments: [String]) throws(CommandLineError) -> AddCommand {
        var command = AddCommand()
        var reader = ArgumentReader(arguments, command: "add")
        while let argument = reader.next() {
            switch argument.name {
            case "--help", "-h": command.help = true
            case "--contract": command.contract = try reader.value(of: argument)
            case "--name": command.name = try reader.value(of: argument)
            case "--model": command.target.model = try reader.value(of: argument)
            case "--endpoint": command.target.endpoint = try reader.value(of: argument)
            case "--status": command.status = try TargetChoice.status(reader.value(of: argument), reader: reader)
            case "--expect":
                let text = try reader.value(of: argument)
                guard text == decodes || APIError.Kind(rawValue: text) != nil else {
                    let kinds = APIError.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw reader.fail("--expect takes \(decodes) or an APIError case (\(kinds)), not \"\(text)\"")
                }
                command.expect = text
            case "--arguments": command.arguments = try reader.value(of: argument)
            case "--as": command.destination = try reader.value(of: argument)
            case "--fixtures": command.fixturesFolder = try reader.value(of: argument)
            case "--timeout": command.timeout = try reader.timeout(of: argument)
            case _ where argument.isOption: throw reader.fail("unknown option \"\(argument.name)\"")
            default:
                guard command.file == nil else { throw reader.fail("add takes one fixture; unexpected \"\(argument.name)\"") }
                command.file = argument.name
            }
        }
        guard !command.help else { return command }
        guard command.file != nil else { throw reader.fail("add needs the fixture file to add") }
        guard command.contract != nil else { throw reader.fail("add needs --contract FILE: the contract to add the case to") }
        guard let name = command.name, !name.isEmpty else { throw reader.fail("add needs --name NAME: the new case's name") }
        return command
    }

    /// Why nothing was added.
    private struct Refusal: Error {
        var lines: [String]
        init(_ message: String) { lines = ["error: \(message)"] }
        init(diagnostics: [Diagnostic], _ message: String) { lines = diagnostics.map(\.rendered) + ["error: \(message)"] }
    }

    func run(environment: ToolEnvironment, output: any ToolOutput, catalogue: Catalogue) async -> ExitCode {
        guard let file, let contractPath = contract, let name else { return .invalid }
        let location = environment.location
        let fixtures = location.fixtures(fixturesFolder)
        // Resolved from the suite's root, as --as is from the fixtures folder, so add does the
        // same thing from any folder of the suite.
        let contractURL = location.resolveInSuite(contractPath)
        if let problem = Self.unreachable(contractURL, as: contractPath, in: location) {
            output.standardError("error: \(problem)\nusage: see 'dogpatch-contracts add --help'\n")
            return .invalid
        }
        let plan: Plan
        do {
            plan = try makePlan(file: file, contractPath: contractPath, contractURL: contractURL, name: name,
                                fixtures: fixtures, environment: environment, catalogue: catalogue)
        } catch let error as CommandLineError {
            output.standardError("error: \(error.message)\nusage: see 'dogpatch-contracts add --help'\n")
            return .invalid
        } catch let refusal as Refusal {
            output.standardError(refusal.lines.joined(separator: "\n") + "\n")
            return .invalid
        } catch {
            output.standardError("error: \(error)\n")
            return .invalid
        }
        var changes = FileChanges()
        if let copy = plan.copy {
            changes.write(plan.body, to: copy, display: fixtures.displayName(plan.fixturePath))
        }
        changes.write(plan.contractText, to: contractURL, display: contractPath)
        do {
            try changes.apply()
        } catch {
            output.standardError("error: cannot write \(JSONValue.quote(error.path)): \(error.reason); nothing was added\n")
            return .invalid
        }
        if plan.copy != nil {
            output.standardOutput("copied \(file) to \(fixtures.displayName(plan.fixturePath))\n")
        }
        let cases = plan.caseCount
        output.standardOutput((plan.created ? "created \(contractPath) with case \(JSONValue.quote(name))" :
            "added case \(JSONValue.quote(name)) to \(contractPath) (\(cases) cases)") + "\n")
        if let observed = plan.observed {
            output.standardOutput("no --expect given: recorded the observed outcome, \(observed)\n")
        }
        return await verifyCase(named: name, contractURL: contractURL, display: contractPath, fixtures: fixtures, catalogue: catalogue, output: output)
    }

    /// Why `verify` would never run a contract at this place, if it would not: outside the suite's
    /// `contracts/` folder, or not a `.json` file.
    private static func unreachable(_ url: URL, as path: String, in location: SuiteLocation) -> String? {
        let contracts = location.root.appendingPathComponent(SuiteLocation.contractsName).standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let folder = url.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let display = SuiteLocation.contractsName + "/"
        if !folder.hasPrefix(contracts) {
            // From inside contracts/, the path the user most likely meant starts where they stand.
            let root = location.root.standardizedFileURL.path + "/"
            let here = location.currentDirectory.standardizedFileURL.path + "/"
            let meant = here.hasPrefix(root + display) && !path.hasPrefix("/") ? String(here.dropFirst(root.count)) + path : display + url.lastPathComponent
            return "the contract \(JSONValue.quote(path)) would be \(JSONValue.quote(url.standardizedFileURL.path)), outside the suite's \(display) folder, and verify would never run it; --contract is a path from the suite's root, such as \(JSONValue.quote(meant))"
        }
        if !url.lastPathComponent.lowercased().hasSuffix(".json") {
            return "the contract \(JSONValue.quote(path)) does not end in .json, and verify runs only .json files"
        }
        return nil
    }

    /// Everything `add` will write, worked out before anything is written.
    private struct Plan {
        var body: Data
        var fixturePath: String
        var copy: URL?
        var contractText: Data
        var created: Bool
        var caseCount: Int
        var observed: String?
    }

    private func makePlan(
        file: String, contractPath: String, contractURL: URL, name: String,
        fixtures: FixtureLocator, environment: ToolEnvironment, catalogue: Catalogue
    ) throws -> Plan {
        let body: BodyFile
        switch BodyFile.read(file, environment: environment, fixtures: fixtures) {
        case .success(let read): body = read
        case .failure(let diagnostic): throw Refusal(diagnostic.message)
        }
        let (fixturePath, copy) = try placement(of: body, fixtures: fixtures)

        // The contract the case joins, or the one it starts.
        let loader = ContractLoader(catalogue: catalogue, fixtures: fixtures)
        let existing: Contract?
        if FileManager.default.fileExists(atPath: contractURL.path) {
            switch loader.load(contentsOf: contractURL, file: contractPath) {
            case .invalid(_, _, let diagnostics):
                throw Refusal(diagnostics: diagnostics, "\(contractPath) is not a valid contract; fix it, then add the case")
            case .loaded(let contract):
                existing = contract
            }
        } else {
            existing = nil
        }
        let model: ModelDescriptor
        if let existing {
            try check(target, against: existing, catalogue: catalogue, contractPath: contractPath)
            if arguments != nil {
                throw CommandLineError(message: "--arguments is only for a new contract; \(contractPath) keeps its own", command: "add")
            }
            if let duplicate = existing.cases.first(where: { $0.name == name }) {
                throw Refusal("\(contractPath) already has a case named \(JSONValue.quote(duplicate.name)); choose another --name")
            }
            model = existing.model
        } else {
            model = try target.resolve(in: catalogue, command: "add").model
        }

        // The case: the expectation given, or the outcome observed.
        let explanation: Explanation
        switch Explanation.explain(body.data, file: file, model: model, status: status) {
        case .success(let explained): explanation = explained
        case .failure(let diagnostic): throw Refusal(diagnostics: [diagnostic], "\(file) cannot be used as a fixture")
        }
        let expectation: CaseTemplate.Expect = switch expect {
        case nil: CaseTemplate.expect(observing: explanation.outcome, records: explanation.records)
        case Self.decodes?: .decodes(count: nil, values: [])
        case let kind?: .error(
            APIError.Kind(rawValue: kind) ?? .invalidData,
            status: kind == APIError.Kind.responseUnsuccessful.rawValue && !(200...299).contains(status) ? status : nil,
            path: nil
        )
        }
        let newCase = CaseTemplate(name: name, status: status, fixture: fixturePath, expect: expectation)
        let text: Data
        if existing != nil {
            guard let appended = ContractEditor.appending(newCase, to: try Data(contentsOf: contractURL)) else {
                throw Refusal("cannot find the \"cases\" array in \(contractPath) to append to")
            }
            text = appended
        } else {
            let argumentsJSON = try arguments.map { text throws(CommandLineError) -> String in
                guard let node = try? JSONParser.parse(Data(text.utf8)), case .object = node.value else {
                    throw CommandLineError(message: "--arguments takes a JSON object, such as '{\"name\": \"peru\"}', not \(JSONValue.quote(text))", command: "add")
                }
                return node.value.jsonText
            }
            let modelName = target.endpoint == nil || target.model != nil ? model.name : nil
            text = Data(ContractEditor.newContract(endpoint: target.endpoint, model: modelName, arguments: argumentsJSON, case: newCase).utf8)
        }
        // The file as it will be written must load, and the new case with it.
        switch loader.load(text, file: contractPath) {
        case .invalid(_, _, let diagnostics):
            throw Refusal(diagnostics: diagnostics, "the case was not added")
        case .loaded(let contract):
            if case .invalid(_, let diagnostics)? = contract.cases.first(where: { $0.name == name }) {
                throw Refusal(diagnostics: diagnostics, "the case was not added")
            }
            if let endpoint = contract.endpoint, expect != APIError.Kind.invalidRequest.rawValue,
               let missing = endpoint.missingParameters(in: contract.arguments).first {
                let example = "{\"\(missing.name)\": ...}"
                let remedy = existing == nil ? "pass it as --arguments '\(example)'" : "add it to the \"arguments\" of \(contractPath)"
                throw CommandLineError(
                    message: "\(endpoint.name) needs the argument \"\(missing.name)\" (\(missing.kind.rawValue)), missing or empty here, so the client would answer invalidRequest; \(remedy)",
                    command: "add"
                )
            }
            let observed = expect == nil ? explanation.outcome.summary(model: model) : nil
            return Plan(body: body.data, fixturePath: fixturePath, copy: copy, contractText: text,
                        created: existing == nil, caseCount: contract.cases.count, observed: observed)
        }
    }

    /// Where the body lives under the fixtures folder, and where to copy it when it is outside.
    private func placement(of body: BodyFile, fixtures: FixtureLocator) throws -> (path: String, copy: URL?) {
        if let inside = body.fixturePath {
            if let destination, destination != inside {
                throw CommandLineError(message: "--as is only for a file outside the fixtures folder; \(body.url.lastPathComponent) is already at \(fixtures.displayName(inside))", command: "add")
            }
            return (inside, nil)
        }
        let path = try fixturePath(for: body, fixtures: fixtures)
        let target: URL
        switch fixtures.resolve(path) {
        case .success(let url): target = url
        case .failure(let problem): throw CommandLineError(message: problem.message, command: "add")
        }
        guard FileManager.default.fileExists(atPath: target.path) else { return (path, target) }
        guard (try? Data(contentsOf: target)) == body.data else {
            throw Refusal("\(fixtures.displayName(path)) already exists with different content; keep it and choose another name with --as PATH")
        }
        return (path, nil)
    }

    /// The path `--as` names, relative to the fixtures folder: a folder (written with a trailing
    /// `/`, as `.`, or one that exists) keeps the file's own name.
    private func fixturePath(for body: BodyFile, fixtures: FixtureLocator) throws(CommandLineError) -> String {
        let name = body.url.lastPathComponent
        guard let destination else {
            if body.isStream {
                throw CommandLineError(message: "\(JSONValue.quote(body.url.path)) is a stream, not a file with a name; name the fixture with --as PATH", command: "add")
            }
            return name
        }
        guard !destination.isEmpty else {
            throw CommandLineError(message: "--as needs a path inside the fixtures folder, such as \"countries/\(name)\" or \"countries/\"", command: "add")
        }
        let normalized = ContractDiscovery.normalized(destination)
        var isFolder: ObjCBool = false
        let existingFolder = FileManager.default.fileExists(atPath: fixtures.root.appendingPathComponent(normalized).path, isDirectory: &isFolder) && isFolder.boolValue
        if normalized == "." { return name }
        if destination.hasSuffix("/") || destination.hasSuffix("/.") || existingFolder { return normalized + "/" + name }
        return normalized
    }

    /// Refuses an endpoint or model that contradicts the contract's own.
    private func check(_ target: TargetChoice, against contract: Contract, catalogue: Catalogue, contractPath: String) throws {
        if let endpoint = target.endpoint, endpoint != contract.endpoint?.name {
            let actual = contract.endpoint.map { "endpoint \"\($0.name)\"" } ?? "no endpoint (a fixture contract)"
            throw Refusal("\(contractPath) has \(actual), not \"\(endpoint)\"")
        }
        if let model = target.model, model != contract.model.name {
            throw Refusal("\(contractPath) decodes \"\(contract.model.name)\", not \"\(model)\"")
        }
    }

    /// Runs the new case as `verify` would, prints its verdict, and returns the exit status.
    private func verifyCase(
        named name: String, contractURL: URL, display: String, fixtures: FixtureLocator, catalogue: Catalogue, output: any ToolOutput
    ) async -> ExitCode {
        let result: CaseResult
        switch ContractLoader(catalogue: catalogue, fixtures: fixtures).load(contentsOf: contractURL, file: display) {
        case .invalid(_, let endpoint, let diagnostics):
            result = CaseResult(contract: display, endpoint: endpoint, caseName: CaseResult.wholeContract, status: .error, diagnostics: diagnostics)
        case .loaded(let contract):
            switch contract.cases.first(where: { $0.name == name }) {
            case let entry?:
                var options = VerifyOptions()
                options.timeout = timeout
                result = await Verifier.verify(entry, of: contract, fixtures: fixtures, options: options, keyReads: KeyReadCache())
            case nil:
                result = CaseResult(contract: display, endpoint: contract.endpoint?.name, caseName: name, status: .error, diagnostics: [
                    Diagnostic(.error, "the new case \(JSONValue.quote(name)) is missing after writing", file: display),
                ])
            }
        }
        let report = Report([result])
        output.standardError(report.diagnostics(palette: Palette(enabled: false)))
        output.standardOutput(report.render(.text, palette: Palette(enabled: false)))
        return Tool.exitCode(report.summary)
    }
}
