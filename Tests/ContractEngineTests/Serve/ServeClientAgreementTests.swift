import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import HTTPWire
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real clients against `serve`, for every case of the repository's suite: each outcome must
/// be replay's (the client on the stub), network errors as docs/serving.md's table says.
@Suite("serve: the real clients agree with replay")
struct ServeClientAgreementTests {
    static let root = Repository.root

    /// Starts `serve` on the repository's suite, on 127.0.0.1 and a free port.
    static func startRepositoryServer(settings: SuiteServer.Settings = SuiteServer.Settings()) async throws
        -> SuiteServer
    {
        return try await SuiteServer.serving(root, settings: settings)
    }

    /// Every runnable case of the repository's suite, with its contract.
    static func repositoryCases() throws -> [(Contract, CaseSpec)] {
        let selection = try SuiteSelection(
            catalogue: .standard, options: VerifyOptions(), location: SuiteLocation(currentDirectory: root))
        return selection.items.compactMap { item in
            guard case .contractCase(let contract, .ready(let spec)) = item, contract.endpoint != nil else {
                return nil
            }
            return (contract, spec)
        }
    }

    @Test("every case: the client on serve completes as it does on replay's stub")
    func everyCase() async throws {
        let server = try await Self.startRepositoryServer()
        defer { server.stop() }
        let cases = try Self.repositoryCases()
        #expect(cases.count > 30)
        let fixtures = SuiteLocation(currentDirectory: Self.root).fixtures(nil)
        var compared = 0
        for (contract, spec) in cases {
            guard let endpoint = contract.endpoint else { continue }
            let body = try LoadedBody.load(spec.response, fixtures: fixtures, contractFile: contract.file).get().data
            let replayed = await Replayer.call(
                endpoint, arguments: contract.arguments, queue: .makePrivate(label: "agreement.replay"), timeout: 10,
                reply: Replayer.reply(for: spec.response, body: body))
            let served = try await ServedClient.call(
                endpoint, arguments: contract.arguments, server: server, contract: contract.file, caseName: spec.name)
            let expected = try #require(
                replayed.completion.first.map(Self.inWords), "\(contract.file) › \(spec.name): replay gave nothing")
            let got = try #require(served.result, "\(contract.file) › \(spec.name): the client on serve gave nothing")
            #expect(
                Self.same(expected, got), "\(contract.file) › \(spec.name): replay \(expected), serve \(got)")
            if case .networkError(let code, _) = spec.response.kind {
                let (fault, _) = WireFaults.fault(for: code)
                #expect(
                    served.transportError == WireFaultTable.urlError(for: fault),
                    "\(contract.file) › \(spec.name): \(fault.rawValue) gave \(String(describing: served.transportError))"
                )
            }
            compared += 1
        }
        #expect(compared == cases.count)
    }

    /// A client's result with its error in the contracts' words.
    static func inWords(_ result: Result<DecodedValue, any Error>) -> Result<DecodedValue, ClientError> {
        result.mapError { ErrorVocabulary.apiError.words(for: $0) ?? ClientError("\($0)") }
    }

    static func same(_ a: Result<DecodedValue, ClientError>, _ b: Result<DecodedValue, ClientError>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): x.isEqual(to: y)
        case (.failure(let x), .failure(let y)): x == y
        default: false
        }
    }

    @Test("each row of the fault table: the URLError a client sees", arguments: WireFault.allCases)
    func faultTable(_ fault: WireFault) async throws {
        let name =
            switch fault {
            case .closed: "badServerResponse"
            case .reset: "networkConnectionLost"
            case .silence: "timedOut"
            }
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/faults.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "fault", "response": { "networkError": "\(name)" },
                "expect": { "error": "responseUnsuccessful" } } ] }
            """)
        let server = try await SuiteServer.serving(folder.url)
        defer { server.stop() }
        let mapped = WireFaults.fault(for: try #require(NetworkErrorNames.code(named: name)))
        #expect(mapped.0 == fault && mapped.exact)
        let endpoint = try #require(Catalogue.standard.endpoint(named: "dogpatch.getDogs"))
        let served = try await ServedClient.call(
            endpoint, arguments: [:], server: server, contract: "contracts/faults.json", caseName: "fault")
        #expect(served.transportError == WireFaultTable.urlError(for: fault))
        guard case .failure(ClientError("responseUnsuccessful"))? = served.result else {
            Issue.record("the client completed with \(String(describing: served.result))")
            return
        }
    }
}

/// The URLError a client sees for each fault: docs/serving.md's table, a column per platform.
enum WireFaultTable {
    static func urlError(for fault: WireFault) -> URLError.Code {
        #if canImport(FoundationNetworking)
            switch fault {
            case .closed: .badServerResponse
            case .reset: .networkConnectionLost
            case .silence: .timedOut
            }
        #else
            switch fault {
            case .closed: .networkConnectionLost
            case .reset: .networkConnectionLost
            case .silence: .timedOut
            }
        #endif
    }
}

/// The real client of an endpoint on a real URLSession, against a running `serve`, with a case
/// selected through the control path.
enum ServedClient {
    struct Outcome: Sendable {
        let result: Result<DecodedValue, ClientError>?
        let transportError: URLError.Code?
    }

    static func call(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], server: SuiteServer, contract: String,
        caseName: String
    ) async throws -> Outcome {
        let selection = try JSONSerialization.data(withJSONObject: ["contract": contract, "case": caseName])
        let (status, _) = try await post(URL(string: server.url + "/_contracts/select")!, body: selection)
        #expect(status == 200, "selecting \(contract) › \(caseName)")
        let base = try #require(server.baseURLs.first { $0.api == endpoint.api }?.url)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let recorder = TransportRecorder(URLSession(configuration: configuration))
        defer { recorder.session.finishTasksAndInvalidate() }
        let result: Result<DecodedValue, ClientError> = await withCheckedContinuation { continuation in
            let once = Locked(false)
            endpoint.call(
                Endpoint.Invocation(
                    session: recorder, responseQueue: DispatchQueue(label: "agreement.client"), arguments: arguments,
                    baseURL: URL(string: base)
                ) { result in
                    let first = once.withLock { done in
                        defer { done = true }
                        return !done
                    }
                    if first { continuation.resume(returning: ServeClientAgreementTests.inWords(result)) }
                })
        }
        return Outcome(result: result, transportError: recorder.error)
    }

    static func post(_ url: URL, body: Data) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// A session seam that keeps the transport error the client received.
final class TransportRecorder: URLSessionProtocol, Sendable {
    let session: URLSession
    private let seen = Locked<URLError.Code?>(nil)

    init(_ session: URLSession) { self.session = session }

    var error: URLError.Code? { seen.withLock { $0 } }

    func makeDataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> any ContractDataTask {
        let seen = seen
        return session.dataTask(with: request) { data, response, error in
            if let error = error as? URLError { seen.withLock { $0 = error.code } }
            completionHandler(data, response, error)
        }
    }
}
