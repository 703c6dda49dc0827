import ContractEngine
import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

@Suite("replay")
struct ReplayTests {
    static let contract = """
        {
          "endpoint": "dogpatch.getDogs",
          "request": { "method": "GET", "path": "/api/v1/dogs", "query": {} },
          "responseQueue": "QUEUE",
          "cases": [
            { "name": "two dogs", "response": { "fixture": "dogs.json" }, "expect": { "decodes": true, "count": 2 } },
            { "name": "server error", "response": { "status": 500, "fixture": "dogs.json" },
              "expect": { "error": "responseUnsuccessful", "status": 500 } },
            { "name": "offline", "response": { "networkError": "notConnectedToInternet" },
              "expect": { "error": "responseUnsuccessful" } }
          ]
        }
        """

    /// A fixture contract beside the replayed one, which must pass whatever the client does.
    static let bystander = """
        {"model": "[Dog]", "cases": [{"name": "bystander", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}
        """

    private func replay(
        _ endpoint: Endpoint, queue: String = "main", extraArguments: [String] = []
    ) async throws -> ToolRun {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", SampleSuite.dogs)
        try folder.write("contracts/dogs.json", Self.contract.replacingOccurrences(of: "QUEUE", with: queue))
        try folder.write("contracts/bystander.json", Self.bystander)
        return await folder.runInProcess(["verify"] + extraArguments, catalogue: BrokenClients.catalogue(endpoint))
    }

    @Test("the real client passes on both queues", arguments: ["main", "private"])
    func realClient(queue: String) async throws {
        let output = try await replay(.dogPatchGetDogs, queue: queue)
        #expect(output.code == .success, "\(output.stderr)")
        #expect(output.stdout.hasSuffix("4 passed, 0 failed, 0 errors, 0 skipped\n"))
    }

    @Test("a client that ignores the status code is caught, naming both results")
    func ignoresStatus() async throws {
        let output = try await replay(BrokenClients.ignoresStatus)
        #expect(output.code == .failure)
        #expect(output.stdout.contains("FAIL  contracts/dogs.json  server error"))
        #expect(
            output.stderr.contains(
                "client returned a decoded [Dog] of 2 elements for HTTP 500; expected responseUnsuccessful(500)"
            ), "\(output.stderr)")
        #expect(output.stdout.hasSuffix("3 passed, 1 failed, 0 errors, 0 skipped\n"))
    }

    @Test("a client that delivers on the wrong queue is caught", arguments: ["main", "private"])
    func wrongQueue(queue: String) async throws {
        let output = try await replay(BrokenClients.wrongQueue, queue: queue)
        #expect(output.code == .failure)
        let expected = queue == "main" ? "the main queue" : "a private queue"
        #expect(
            output.stderr.contains(
                "the completion handler ran on a queue of the client's own choosing (not the main queue, nor the one it was given); expected \(expected)"
            ), "\(output.stderr)")
        #expect(output.stdout.hasSuffix("1 passed, 3 failed, 0 errors, 0 skipped\n"))
    }

    @Test("a client that completes twice is caught")
    func completesTwice() async throws {
        let output = try await replay(BrokenClients.completesTwice, queue: "private")
        #expect(output.code == .failure)
        #expect(output.stderr.contains("the completion handler ran 2 times; expected exactly once"), "\(output.stderr)")
        #expect(output.stdout.hasSuffix("1 passed, 3 failed, 0 errors, 0 skipped\n"))
    }

    @Test("a client that never completes is cancelled after the timeout and the run goes on")
    func neverCompletes() async throws {
        let output = try await replay(BrokenClients.neverCompletes, extraArguments: ["--timeout", "0.2"])
        #expect(output.code == .failure)
        #expect(
            output.stderr.contains("the completion handler did not run within 0.2 s; the request was cancelled"),
            "\(output.stderr)"
        )
        #expect(output.stdout.contains("PASS  contracts/bystander.json  bystander"))
        #expect(output.stdout.hasSuffix("1 passed, 3 failed, 0 errors, 0 skipped\n"))
    }

    @Test("a client that requests the wrong path is caught")
    func wrongPath() async throws {
        let output = try await replay(BrokenClients.wrongPath)
        #expect(output.code == .failure)
        #expect(
            output.stderr.contains(#"request path: expected "/api/v1/dogs", client sent "/api/v2/dogs""#),
            "\(output.stderr)")
    }

    @Test("a second request has no route and fails the case")
    func sendsTwice() async throws {
        let output = try await replay(BrokenClients.sendsTwice)
        #expect(output.code == .failure)
        #expect(
            output.stderr.contains(
                "no route for GET https://dogpatchserver.herokuapp.com/api/v1/dogs: the client sent more than one request"
            ), "\(output.stderr)")
    }

    @Test("--no-replay checks decoding only, so a broken client goes unnoticed")
    func noReplay() async throws {
        let output = try await replay(BrokenClients.completesTwice, extraArguments: ["--no-replay"])
        #expect(output.code == .success)
        #expect(output.stdout.hasSuffix("4 passed, 0 failed, 0 errors, 0 skipped\n"))
    }

    @Test("an invalidRequest expectation is skipped without replay and checked with it")
    func invalidRequestNeedsReplay() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/empty-name.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": ""},
             "cases": [{"name": "empty", "response": {"status": 200, "body": "[]"}, "expect": {"error": "invalidRequest"}},
                       {"name": "checked by decoding only", "replay": false, "response": {"status": 200, "body": "[]"}, "expect": {"decodes": true, "count": 0}}]}
            """)
        let replayOutput = await folder.runInProcess(["verify"], catalogue: .standard)
        #expect(replayOutput.code == .success, "\(replayOutput.stderr)")
        #expect(replayOutput.stdout.contains("PASS  contracts/empty-name.json  empty"))
        let skipOutput = await folder.runInProcess(["verify", "--no-replay"], catalogue: .standard)
        #expect(skipOutput.code == .success)
        #expect(skipOutput.stdout.contains("SKIP  contracts/empty-name.json  empty"))
        #expect(skipOutput.stdout.hasSuffix("1 passed, 0 failed, 0 errors, 1 skipped\n"))
    }

    @Test("a client that answers invalidRequest for a good name is caught")
    func invalidRequestWhereNoneExpected() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/name.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "Côte d'Ivoire"},
             "cases": [{"name": "accented name", "response": {"status": 200, "body": "[]"}, "expect": {"decodes": true}}]}
            """)
        let correct = await folder.runInProcess(["verify"], catalogue: .standard)
        #expect(correct.code == .success, "the real client sends the name: \(correct.stderr)")
        let output = await folder.runInProcess(
            ["verify"], catalogue: Catalogue(endpoints: [Self.asciiOnlyNames], models: Catalogue.standard.models))
        #expect(output.code == .failure)
        #expect(
            output.stderr.contains(
                "client returned invalidRequest (the name is not ASCII) before sending; expected a decoded [Country]"),
            "\(output.stderr)")
    }

    /// `countries.byName` with a client that refuses any name outside ASCII instead of encoding it.
    static let asciiOnlyNames = Endpoint(
        name: Endpoint.countriesByName.name, model: .countries,
        parameters: [Endpoint.Parameter("name", .string, required: true)],
        baseURL: RestCountriesAPI.baseURL
    ) { call in
        let name = call.string("name") ?? ""
        guard name.unicodeScalars.allSatisfy(\.isASCII) else {
            return call.responseQueue.async {
                call.completion(.failure(.invalidRequest(reason: "the name is not ASCII")))
            }
        }
        CountriesClient(session: call.session, responseQueue: call.responseQueue).request(.byName(name)) {
            (result: Result<[Country], APIError>) in
            call.completion(result.map { DecodedValue($0, makeEncoder: RestCountriesAPI.makeEncoder) })
        }
    }
}
