import ContractCatalogue
import Foundation

/// `add --live`: the new case's body is the server's answer to the request the endpoint's client
/// sends (the existing contract's, or the one asked for), recorded with its URL and time and laid
/// out for review, then planned and written as `CaseAddition` plans and writes a body file.
struct LiveAddition: Sendable {
    /// The case asked for (its fixture's place, the headers to keep, whether the body is kept as
    /// received), and where it goes.
    let addition: CaseAddition
    /// Where the request goes, how long the server may take, and whether the body is kept as received.
    let live: LiveSettings

    /// Creates one.
    /// - Parameters:
    ///   - addition: The case asked for, and where it goes.
    ///   - baseURLs: Where each API's request goes.
    ///   - timeout: How long the server may take, in seconds.
    ///   - names: The reader's names for the settings messages mention.
    init(_ addition: CaseAddition, baseURLs: BaseURLChoice, timeout: TimeInterval, names: SettingNames = .plain) {
        self.addition = addition
        live = LiveSettings(
            baseURLs: baseURLs, timeout: timeout, raw: addition.request.raw, names: names,
            allowWrites: addition.request.allowWrites)
    }

    /// Asks the server, then adds the case for its answer.
    /// - Returns: What was added and how it ran, or why nothing was.
    func add() async -> CaseAddition.Account<CaseAddition.Added> {
        let place = addition.place
        var memo = CaseAddition.Memo()
        // Read once for the request, and kept for the plan before the lock.
        let source = place.exists ? place.read(with: addition.loader) : nil
        let endpoint: Endpoint
        let arguments: [String: Endpoint.Argument]
        do throws(CaseAddition.Problem) {
            (endpoint, arguments) = try target(source, memo: &memo)
        } catch {
            return CaseAddition.Account(error)
        }
        // One API is used, so the only mismatch is a base URL for an API the catalogue lacks.
        if case .unknownAPI(let api, let known)? = live.baseURLs.mismatch(in: addition.catalogue, used: [endpoint.api])
        {
            return CaseAddition.Account(.unknownAPI(api, known: known))
        }
        // Every refusal the answer cannot change comes before the request: a write the server
        // applied is not taken back.
        let planned = destination(besides: source, contentType: "application/json")
        do throws(CaseAddition.Problem) {
            try addition.preflight(source: source, destination: planned, endpoint: endpoint, memo: &memo)
        } catch {
            return CaseAddition.Account(error)
        }
        let response: LiveResponse
        switch await LiveFetcher.fetch(
            endpoint, arguments: arguments, baseURL: live.baseURLs.url(for: endpoint), timeout: live.timeout,
            allowWrites: live.allowWrites)
        {
        case .success(let answer): response = answer
        case .failure(let failure):
            return CaseAddition.Account(.refused([], "\(failure.message(naming: live.names)); nothing was added"))
        }
        var warnings = Self.warnings(about: response)
        let contentType = response.header("Content-Type")
        let path = destination(besides: source, contentType: contentType)
        warnings += addition.request.keepHeaders.filter { !Redaction.mayKeep(header: $0) }.map {
            .headerNeverWritten($0)
        }
        let layout =
            live.raw
            ? (body: response.body, passesLimit: false)
            : ReviewableJSON.laidOut(response.body, limit: FixtureStore.maxFixtureBytes)
        if layout.passesLimit {
            warnings.append(
                .said(
                    "\(response.method) \(response.displayURL): \(ReviewableJSON.keptNote(limit: FixtureStore.maxFixtureBytes))"
                ))
        }
        let body = CaseAddition.Body(
            file: BodyFile(
                data: layout.body,
                url: place.fixtures.root.appendingPathComponent(path), fixturePath: nil, isStream: false),
            display: response.displayURL, status: response.status,
            headers: Redaction.keptHeaders(asked: addition.request.keepHeaders, value: response.header),
            recorded: (response.displayURL, Recording.stamp(Date()), nil), destination: path,
            receivedBytes: response.body.count, method: response.method)
        return await addition.add(body, preloaded: source, memo: memo, warnings: warnings)
    }

    /// The endpoint and arguments the request is made for: the existing contract's, or the ones
    /// asked for a new one.
    private func target(_ source: ContractLoader.Source?, memo: inout CaseAddition.Memo) throws(CaseAddition.Problem)
        -> (Endpoint, [String: Endpoint.Argument])
    {
        if case .loaded(let existing)? = source?.loaded {
            guard let endpoint = existing.endpoint else {
                throw .refused(
                    [],
                    "\(addition.place.path) is a fixture contract (no \"endpoint\"), and a live body needs the client's request"
                )
            }
            try addition.check(existing, memo: &memo)
            return (endpoint, existing.arguments)
        }
        guard let name = addition.request.endpoint else { throw .liveNeedsEndpoint }
        switch addition.catalogue.endpoint(resolving: name) {
        case .success(let endpoint):
            return (endpoint, try addition.parsedArguments(endpoint: name, schema: addition.place.schema, memo: &memo))
        case .failure(let error): throw .catalogue(error)
        }
    }

    /// What the answer calls for saying: redirects followed, a base URL's query not sent, a type
    /// that is not JSON.
    private static func warnings(about response: LiveResponse) -> [CaseAddition.Warning] {
        var warnings: [CaseAddition.Warning] = response.redirects.map {
            .said("\(response.method) \(response.displayURL) was redirected to \(response.shown($0))")
        }
        if let warning = response.unsentBaseQueryWarning { warnings.append(.said(warning)) }
        if let contentType = response.header("Content-Type"), let media = MediaType.of(contentType), !media.isEmpty,
            !MediaType.isJSON(media)
        {
            warnings.append(
                .said(
                    "\(response.method) \(response.displayURL) answered Content-Type \(JSONValue.quote(contentType)), not JSON; the case records what the client makes of it, but check the server"
                ))
        }
        return warnings
    }

    /// A recording's fixture path, from the contract and case names, used by no file and no
    /// case of the contract.
    /// Where the body goes under the fixtures folder: `--as` as given, a folder it names
    /// (`recorded/`, `.`) holding the name a recording gets, or that name in the contract's folder.
    private func destination(besides source: ContractLoader.Source?, contentType: String?) -> String {
        let named = recordingPath(besides: source, contentType: contentType)
        guard let asked = addition.request.destination else { return named }
        var isFolder: ObjCBool = false
        let existingFolder =
            FileManager.default.fileExists(
                atPath: addition.place.fixtures.root.appendingPathComponent(asked).path, isDirectory: &isFolder)
            && isFolder.boolValue
        guard asked.hasSuffix("/") || asked == "." || asked.hasSuffix("/.") || existingFolder else { return asked }
        let file = URL(fileURLWithPath: named).lastPathComponent
        return (asked.hasSuffix("/") ? asked : asked + "/") + file
    }

    private func recordingPath(besides source: ContractLoader.Source?, contentType: String?) -> String {
        var used: Set<String> = []
        if case .loaded(let existing)? = source?.loaded { used = ContractPlace.fixturePaths(of: existing) }
        return addition.place.newFixture(named: addition.request.name, contentType: contentType, besides: used)
    }
}
