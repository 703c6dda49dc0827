import Foundation
import DogPatchClients

/// Where `add` takes the body from: the file named, or (`--live`) the server.
extension AddCommand {
    /// The body and what the case writes about it.
    func source(
        contract: (path: String, url: URL), name: String, fixtures: FixtureLocator, context: CommandContext,
        problems: inout [ToolProblem]
    ) async throws(AddRefusal) -> Source {
        guard live else {
            guard let file else { throw .usage(CommandLineError(message: "add needs the fixture file to add", command: Self.name)) }
            switch BodyFile.read(file, environment: context.environment, fixtures: fixtures) {
            case .success(let body): return Source(body: body, display: file, status: status, destination: destination)
            case .failure(let diagnostic): throw AddRefusal(diagnostic.message)
            }
        }
        let (endpoint, arguments) = try liveTarget(contract: contract, fixtures: fixtures, catalogue: context.catalogue)
        if let problem = baseURLs.problem(in: context.catalogue, used: [endpoint.api]) {
            throw .usage(CommandLineError(message: problem, command: Self.name))
        }
        let wait = timeoutGiven ? timeout : VerifyOptions().liveTimeout
        let response: LiveResponse
        switch await LiveFetcher.fetch(endpoint, arguments: arguments, baseURL: baseURLs.url(for: endpoint), timeout: wait) {
        case .success(let answer): response = answer
        case .failure(let failure): throw AddRefusal("\(failure.message); nothing was added")
        }
        problems += response.redirects.map { .warning("GET \(response.displayURL) was redirected to \(Redaction.url($0))") }
        let path = destination ?? Self.recordingPath(contract: contract.path, name: name)
        return Source(
            body: BodyFile(data: response.body, url: fixtures.root.appendingPathComponent(path), fixturePath: nil, isStream: false),
            display: response.displayURL, status: response.status,
            headers: keptHeaders(of: response, problems: &problems),
            recorded: (response.displayURL, Recording.stamp(Date())), destination: path
        )
    }

    /// The endpoint and arguments a live request is made for: the existing contract's, or the
    /// ones given for a new one.
    private func liveTarget(
        contract: (path: String, url: URL), fixtures: FixtureLocator, catalogue: Catalogue
    ) throws(AddRefusal) -> (Endpoint, [String: Endpoint.Argument]) {
        if FileManager.default.fileExists(atPath: contract.url.path),
           case .loaded(let existing) = ContractLoader(catalogue: catalogue, fixtures: fixtures).load(contentsOf: contract.url, file: contract.path) {
            guard let endpoint = existing.endpoint else {
                throw AddRefusal("\(contract.path) is a fixture contract (no \"endpoint\"), and a live body needs the client's request")
            }
            return (endpoint, existing.arguments)
        }
        guard let name = target.endpoint else {
            throw .usage(CommandLineError(message: "add --live needs --endpoint E: the request sent is the endpoint's client's", command: Self.name))
        }
        let endpoint: Endpoint
        switch catalogue.endpoint(resolving: name) {
        case .success(let found): endpoint = found
        case .failure(let error): throw .usage(CommandLineError(message: error.message, command: Self.name))
        }
        // The arguments as the new contract will hold them: loaded from its text, so they are
        // read exactly as verify will read them.
        let text = ContractEditor.newContract(
            endpoint: name, model: nil, arguments: arguments, case: CaseTemplate(name: "x", status: 200, fixture: "x.json", expect: .decodes(count: nil, values: []))
        )
        guard case .loaded(let loaded) = ContractLoader(catalogue: catalogue, fixtures: fixtures).load(Data(text.utf8), file: contract.path) else {
            throw .usage(CommandLineError(message: "--arguments takes a JSON object with \(name)'s arguments, such as '{\"name\": \"peru\"}'", command: Self.name))
        }
        return (endpoint, loaded.arguments)
    }

    /// `Content-Type`, and the headers `--keep-header` names, never one that carries credentials.
    private func keptHeaders(of response: LiveResponse, problems: inout [ToolProblem]) -> [(name: String, value: String)] {
        for name in keepHeaders where !Redaction.mayKeep(header: name) {
            problems.append(.warning("--keep-header \(name): a \(name) header is never written into a contract"))
        }
        return Redaction.keptHeaders(asked: keepHeaders, value: response.header)
    }

    /// A recording's fixture path, from the contract and case names:
    /// `contracts/countries/by-name-peru.json` and `Peru (live)` give `countries/by-name-peru/peru-live.json`.
    static func recordingPath(contract: String, name: String) -> String {
        var stem = ContractDiscovery.normalized(contract)
        if stem.hasPrefix(SuiteLocation.contractsName + "/") { stem.removeFirst(SuiteLocation.contractsName.count + 1) }
        if stem.lowercased().hasSuffix(".json") { stem.removeLast(5) }
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return stem + "/" + (slug.isEmpty ? "case" : slug) + ".json"
    }
}
