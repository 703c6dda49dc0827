import ContractEngine
import DogPatchClients
import Foundation

/// Where `add` takes the body from: the file named, or (`--live`) the server.
extension AddCommand {
    /// The body and what the case writes about it.
    func source(
        contract: (path: String, url: URL), name: String, fixtures: FixtureLocator, context: CommandContext,
        problems: inout [ToolProblem]
    ) async throws(AddRefusal) -> Source {
        guard live else {
            guard let file else {
                throw .usage(CommandLineError(message: "add needs the fixture file to add", command: Self.name))
            }
            switch BodyFile.read(file, environment: context.environment, fixtures: fixtures) {
            case .success(let body): return Source(body: body, display: file, status: status, destination: destination)
            case .failure(let diagnostic): throw AddRefusal(diagnostic.message)
            }
        }
        let (endpoint, arguments) = try liveTarget(
            contract: contract, fixtures: fixtures, catalogue: context.catalogue,
            root: context.environment.location.root)
        if let mismatch = baseURLs.mismatch(in: context.catalogue, used: [endpoint.api]) {
            throw .usage(CommandLineError(message: ArgumentValues.words(mismatch), command: Self.name))
        }
        let wait = timeoutGiven ? timeout : VerifyOptions().liveTimeout
        let response: LiveResponse
        switch await LiveFetcher.fetch(
            endpoint, arguments: arguments, baseURL: baseURLs.url(for: endpoint), timeout: wait)
        {
        case .success(let answer): response = answer
        case .failure(let failure): throw AddRefusal("\(failure.message); nothing was added")
        }
        problems += response.redirects.map {
            .warning("GET \(response.displayURL) was redirected to \(response.shown($0))")
        }
        if let warning = response.unsentBaseQueryWarning { problems.append(.warning(warning)) }
        if let contentType = response.header("Content-Type"),
            FixtureName.fileExtension(contentType: contentType) != "json"
        {
            problems.append(
                .warning(
                    "GET \(response.displayURL) answered Content-Type \(JSONValue.quote(contentType)), not JSON; the case records what the client makes of it, but check the server"
                ))
        }
        let path =
            destination
            ?? recordingPath(
                contract: contract, name: name, contentType: response.header("Content-Type"), fixtures: fixtures,
                catalogue: context.catalogue)
        return Source(
            body: BodyFile(
                data: raw ? response.body : ReviewableJSON.laidOut(response.body),
                url: fixtures.root.appendingPathComponent(path), fixturePath: nil, isStream: false),
            display: response.displayURL, status: response.status,
            headers: keptHeaders(of: response, problems: &problems),
            recorded: (response.displayURL, Recording.stamp(Date()), nil), destination: path,
            receivedBytes: response.body.count
        )
    }

    /// The endpoint and arguments a live request is made for: the existing contract's, or the
    /// ones given for a new one.
    private func liveTarget(
        contract: (path: String, url: URL), fixtures: FixtureLocator, catalogue: Catalogue, root: URL
    ) throws(AddRefusal) -> (Endpoint, [String: Endpoint.Argument]) {
        if FileManager.default.fileExists(atPath: contract.url.path),
            case .loaded(let existing) = ContractLoader(catalogue: catalogue, fixtures: fixtures).load(
                contentsOf: contract.url, file: contract.path)
        {
            guard let endpoint = existing.endpoint else {
                throw AddRefusal(
                    "\(contract.path) is a fixture contract (no \"endpoint\"), and a live body needs the client's request"
                )
            }
            try check(target, against: existing, contractPath: contract.path, catalogue: catalogue)
            return (endpoint, existing.arguments)
        }
        guard let name = target.endpoint else {
            throw .usage(
                CommandLineError(
                    message: "add --live needs --endpoint E: the request sent is the endpoint's client's",
                    command: Self.name))
        }
        let endpoint: Endpoint
        switch catalogue.endpoint(resolving: name) {
        case .success(let found): endpoint = found
        case .failure(let error): throw .usage(CommandLineError(message: error.message, command: Self.name))
        }
        return (
            endpoint,
            try Self.parsedArguments(
                arguments, endpoint: name, contractPath: contract.path,
                schema: Self.schemaReference(contract: contract.url, root: root), catalogue: catalogue)
        )
    }

    /// `Content-Type`, and the headers `--keep-header` names, never one that carries credentials.
    private func keptHeaders(of response: LiveResponse, problems: inout [ToolProblem]) -> [(
        name: String, value: String
    )] {
        for name in keepHeaders where !Redaction.mayKeep(header: name) {
            problems.append(.warning("--keep-header \(name): a \(name) header is never written into a contract"))
        }
        return Redaction.keptHeaders(asked: keepHeaders, value: response.header)
    }

    /// A recording's fixture path, from the contract and case names, used by no file and no
    /// case of the contract.
    private func recordingPath(
        contract: (path: String, url: URL), name: String, contentType: String?, fixtures: FixtureLocator,
        catalogue: Catalogue
    ) -> String {
        var used: Set<String> = []
        if case .loaded(let existing) = ContractLoader(catalogue: catalogue, fixtures: fixtures).load(
            contentsOf: contract.url, file: contract.path)
        {
            for case .ready(let spec) in existing.cases {
                if let path = spec.response.fixturePath { used.insert(ContractDiscovery.normalized(path)) }
            }
        }
        return FixtureName.path(contract: contract.path, name: name, contentType: contentType) { candidate in
            used.contains(candidate)
                || FileManager.default.fileExists(atPath: fixtures.root.appendingPathComponent(candidate).path)
        }
    }
}
