import ContractCatalogue
import Foundation

/// `add`: a response body becomes a new case of a contract, and its fixture. The case is planned
/// from the files as they are and planned again under the suite's lock, written all or none by
/// the suite's one writer, then run as `verify` would run it. The body is a file here;
/// `Live/LiveAddition` takes it from the server and `Capture/CaptureImport` takes many from an
/// archive, through the same pieces, as `Live/CaseRecorder` re-records for `record`. The command
/// line reaches all three through one door, `Adding/CaseAddition+Origin`.
///
/// A plan parses the contract once: the new case is read on its own, where it will stand in the
/// file, so the contract is parsed at most twice an `add` (once before the lock, once under it).
package struct CaseAddition: Sendable {
    /// The case asked for.
    package struct Request: Sendable {
        /// Its name, new to the contract.
        package var name: String
        /// The endpoint, for a new contract (or to confirm an existing one's).
        package var endpoint: String?
        /// The model, for a new fixture contract (or to confirm an existing one's).
        package var model: String?
        /// The endpoint's arguments as JSON text, for a new contract (or to confirm an existing one's).
        package var arguments: String?
        /// What the case expects.
        package var expect = Expecting.observed
        /// The HTTP status a body file comes with.
        package var status = 200
        /// The provider state the response needs.
        package var given: String?
        /// Where the fixture goes, relative to the fixtures folder, when asked for (a body file or
        /// the server's answer; a trailing `/` means into that folder).
        package var destination: String?
        /// Response headers to write besides `Content-Type`, for a body from the server or an
        /// archive; those that carry credentials never are.
        package var keepHeaders: [String] = []
        /// Whether a body from the server or an archive is written exactly as received, not laid
        /// out for review.
        package var raw = false
        /// Whether `add --live` may send a request that changes data (anything but GET and HEAD).
        package var allowWrites = false

        /// Creates a request for a case of a name, expecting the outcome observed.
        package init(name: String) {
            self.name = name
        }
    }

    /// What a new case expects.
    package enum Expecting: Sendable, Equatable {
        /// The outcome the body gives, as observed.
        case observed
        /// That the body decodes.
        case decodes
        /// That the client reports the error of this name, in its endpoint's vocabulary.
        case error(String)
    }

    /// A body, and what the case writes about it.
    struct Body {
        var file: BodyFile
        /// How messages name it: the file as given, or the URL.
        var display: String
        var status: Int
        /// Response headers the case writes.
        var headers: [(name: String, value: String)] = []
        /// Where and when it was recorded, for a body from the server.
        var recorded: (url: String, at: String, from: String?)?
        /// Where under the fixtures folder it goes, when asked for or chosen.
        var destination: String?
        /// The size of the body as the server sent it, before it was laid out for review.
        var receivedBytes: Int?
        /// The method of the request the server answered, for a body from the server.
        var method = "GET"
    }

    /// What was added, and how the new case ran.
    package struct Added: Sendable {
        /// The fixture, as messages name it (`Fixtures/countries/peru.json`).
        package let fixture: String
        /// The body file copied to the fixture, as the user named it.
        package let copiedFrom: String?
        /// The request the body answered, for a body from the server: its method and URL, the
        /// status and the size.
        package let recorded: (method: String, url: String, status: Int, bytes: Int)?
        /// Whether the contract file was created.
        package let created: Bool
        /// How many cases the contract holds now.
        package let caseCount: Int
        /// The outcome recorded as observed, as messages name it, when no expectation was asked for.
        package let observed: String?
        /// The new case, run.
        package let results: [CaseResult]
    }

    /// What one `add` works out once and keeps across its two plans.
    struct Memo {
        /// `--arguments` as each endpoint reads them.
        var arguments: [String: [String: Endpoint.Argument]] = [:]
        /// The body observed, under a model.
        var observed: (model: String, result: Result<ObservedBody, Diagnostic>)?
    }

    let place: ContractPlace
    let catalogue: Catalogue
    let request: Request
    let writer: SuiteWriter
    let run: RunContext

    /// Creates one.
    /// - Parameters:
    ///   - place: Where the contract is.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - request: The case asked for.
    ///   - writer: The suite's one writer.
    ///   - timeout: How long the replayed client may take when the new case runs.
    init(
        place: ContractPlace, catalogue: Catalogue, request: Request, writer: SuiteWriter, timeout: TimeInterval
    ) {
        self.place = place
        self.catalogue = catalogue
        self.request = request
        self.writer = writer
        run = RunContext(fixtures: place.fixtures, timeout: timeout)
    }

    var loader: ContractLoader { ContractLoader(catalogue: catalogue, fixtures: place.fixtures) }

    /// Adds a case for a body file, copying it under the fixtures folder when it lies outside.
    /// - Parameters:
    ///   - file: The file, as the user named it, from the current folder.
    ///   - display: How messages name it.
    /// - Returns: What was added and how it ran, or why nothing was. The file is copied to the
    ///   request's destination, relative to the fixtures folder (a folder keeps its name), when given.
    func add(file: URL, display: String) async -> Account<Added> {
        switch BodyFile.read(file, display: display, fixtures: place.fixtures) {
        case .success(let body):
            return await add(
                Body(file: body, display: display, status: request.status, destination: request.destination),
                preloaded: nil, memo: Memo())
        case .failure(let diagnostic):
            return Account(.refused([], diagnostic.message))
        }
    }

    /// Plans and writes the case, then runs it.
    /// - Parameters:
    ///   - body: The body.
    ///   - preloaded: The contract as read already, for the plan before the lock.
    ///   - memo: What was worked out already.
    ///   - warnings: What was said already.
    func add(_ body: Body, preloaded: ContractLoader.Source?, memo: Memo, warnings: [Warning] = []) async -> Account<
        Added
    > {
        var memo = memo
        var preloaded = preloaded
        let requestBlock = await newContractRequest(memo: &memo)
        let planned: Planned
        // A body from a file is added all or none, as a capture's are: the case is checked on
        // the plan before anything is written, and one that would fail (a wrong `--expect`) is
        // refused with nothing written.
        if body.recorded == nil {
            do throws(Problem) {
                let source = preloaded ?? (place.exists ? place.read(with: loader) : nil)
                preloaded = source
                try await refuseFailing(
                    try plan(body, existing: source, requestBlock: requestBlock, memo: &memo).plan.contract, body: body)
            } catch {
                return Account(warnings: warnings, result: .failure(error))
            }
        }
        do {
            planned = try writer.write { () throws(Problem) in
                // The contract read before is the first plan's; the plan under the lock reads it again.
                defer { preloaded = nil }
                let source = preloaded ?? (place.exists ? place.read(with: loader) : nil)
                return try plan(body, existing: source, requestBlock: requestBlock, memo: &memo)
            }.plan
        } catch {
            return Account(warnings: warnings, result: .failure(Problem(error)))
        }
        let results = await run.verify(named: [request.name], of: place.spelt(planned.contract))
        let added = Added(
            fixture: place.fixtures.displayName(planned.fixturePath),
            copiedFrom: planned.copy == nil ? nil : body.display,
            recorded: body.recorded.map {
                (body.method, $0.url, body.status, body.receivedBytes ?? body.file.data.count)
            },
            created: planned.created, caseCount: planned.contract.cases.count, observed: planned.observed,
            results: results)
        return Account(warnings: warnings, result: .success(added))
    }

    /// Checks the new case with its body in place of the fixture it will have, as the model
    /// decodes it, and refuses it when it does not pass: nothing is written for a case whose
    /// expectation the body does not meet.
    private func refuseFailing(_ contract: Contract, body: Body) async throws(Problem) {
        guard case .ready(let spec)? = contract.cases.first(where: { $0.name == request.name }),
            case .http(let status, let headers, _) = spec.response.kind
        else { return }
        let response = ResponseSpec(
            kind: .http(status: status, headers: headers, body: .received(body.file.data, source: body.display)),
            delayMs: spec.response.delayMs, position: spec.response.position)
        var answered = CaseSpec(
            name: spec.name, position: spec.position, response: response, expect: spec.expect, skip: spec.skip,
            replay: spec.replay, recorded: spec.recorded)
        answered.given = spec.given
        // Predicted, not replayed: the body against the expectation, as the model decodes it. The
        // client runs once, on the case as written.
        var predicted = run
        predicted.replay = false
        let result = await predicted.verify(.ready(answered), of: place.spelt(contract))
        guard result.status == .failed || result.status == .error else { return }
        throw .refused(
            result.diagnostics,
            "the case \(JSONValue.quote(request.name)) fails, so it was not added; nothing was written")
    }

    /// The `request` block a new endpoint contract states: what the client sends for its
    /// arguments, learnt on the stub. `nil` for an existing contract, a fixture contract, or
    /// arguments the plan then refuses with their diagnostics.
    private func newContractRequest(memo: inout Memo) async -> String? {
        guard !place.exists, let name = request.endpoint,
            case .success(let endpoint) = catalogue.endpoint(resolving: name),
            let arguments = try? parsedArguments(endpoint: name, schema: nil, memo: &memo),
            case .success(let learnt) = await ClientRequest.learn(endpoint, arguments: arguments)
        else { return nil }
        return learnt.contractBlock
    }

    /// The request's arguments as a contract for an endpoint holds them, checked as the loader
    /// checks a contract's, so a wrong argument gets the same diagnostics whatever the body's
    /// origin: read once an `add`, as a one-case contract at the contract's path.
    /// - Parameters:
    ///   - endpoint: The endpoint's name.
    ///   - schema: The `"$schema"` that contract states, which places the diagnostics.
    ///   - memo: Where arguments read already are kept.
    func parsedArguments(endpoint: String, schema: String?, memo: inout Memo) throws(Problem) -> [String:
        Endpoint.Argument]
    {
        if let known = memo.arguments[endpoint] { return known }
        let json = try argumentsJSON()
        let contract = ContractEditor.newContract(
            endpoint: endpoint, model: nil, arguments: json,
            case: CaseTemplate(name: "x", status: 200, fixture: "x.json", expect: .decodes(count: nil, values: [])),
            schema: schema)
        let loader = ContractLoader(
            catalogue: catalogue, fixtures: FixtureLocator(root: URL(fileURLWithPath: "/"), displayRoot: ""))
        switch loader.load(Data(contract.utf8), file: place.path) {
        case .invalid(_, _, let diagnostics): throw .refused(diagnostics, "the case was not added")
        case .loaded(let loaded):
            memo.arguments[endpoint] = loaded.arguments
            return loaded.arguments
        }
    }

    /// The request's arguments as a contract writes them (`{ "name": "peru" }`, in the order
    /// given), or `nil` when none were given.
    func argumentsJSON() throws(Problem) -> String? {
        guard let text = request.arguments else { return nil }
        guard let node = try? JSONParser.parse(Data(text.utf8)), case .object = node.value else {
            throw .argumentsNotObject(text)
        }
        return node.value.contractText
    }
}
