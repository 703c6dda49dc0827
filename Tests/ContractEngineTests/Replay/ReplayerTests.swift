import DogPatchClients
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("replayer")
struct ReplayerTests {
    private func contract(_ text: String) throws -> Contract {
        let locator = FixtureLocator(root: FileManager.default.temporaryDirectory, displayRoot: "Fixtures")
        guard
            case .loaded(let contract) = ContractLoader(catalogue: .standard, fixtures: locator).load(
                Data(text.utf8), file: "c.json")
        else {
            throw LoadFailed()
        }
        return contract
    }

    struct LoadFailed: Error {}

    private func firstCase(_ contract: Contract) throws -> CaseSpec {
        guard case .ready(let first)? = contract.cases.first else { throw LoadFailed() }
        return first
    }

    @Test("records the request the real client sent and its one completion on the private queue")
    func observesRealClient() async throws {
        let contract = try contract(
            """
            {"endpoint": "countries.all", "arguments": {"fields": ["name", "flags"]}, "responseQueue": "private",
             "cases": [{"name": "a", "response": {"status": 200, "body": "[{\\"name\\": {\\"common\\": \\"X\\"}}]"}, "expect": {"decodes": true}}]}
            """)
        let contractCase = try firstCase(contract)
        let endpoint = try #require(contract.endpoint)
        let observation = await Replayer(timeout: 5).replay(
            endpoint, contract: contract, response: contractCase.response,
            body: Data(#"[{"name": {"common": "X"}}]"#.utf8))
        #expect(
            observation.requests.map { $0.url?.absoluteString } == [
                "https://restcountries.com/v3.1/all?fields=name,flags"
            ])
        #expect(observation.completion.callCount == 1)
        #expect(observation.completion.queueNames == ["a private queue"])
        #expect(observation.queueName == "a private queue")
        guard case .success(let value)? = observation.completion.first else {
            Issue.record("expected a decoded value")
            return
        }
        #expect(value.count == 1)
    }

    @Test("serves a network error and a delayed response as the case says")
    func servesResponses() throws {
        let spec = ResponseSpec(kind: .networkError(code: .timedOut, name: "timedOut"), delayMs: 25, position: .start)
        #expect(Replayer.reply(for: spec, body: Data()) == .failure(.timedOut, delay: 0.025))
        let http = ResponseSpec(
            kind: .http(status: 503, headers: ["Retry-After": "5"], body: .none), delayMs: 0, position: .start)
        #expect(
            Replayer.reply(for: http, body: Data("x".utf8))
                == .response(status: 503, headers: ["Retry-After": "5"], body: Data("x".utf8)))
    }

    @Test("an invalid request sends nothing and still completes once on the main queue")
    func invalidRequest() async throws {
        let contract = try contract(
            """
            {"endpoint": "countries.byName", "cases": [{"name": "a", "response": {"status": 200}, "expect": {"error": "invalidRequest"}}]}
            """)
        let observation = await Replayer(timeout: 5).replay(
            try #require(contract.endpoint), contract: contract, response: try firstCase(contract).response,
            body: Data())
        #expect(observation.requests.isEmpty)
        #expect(observation.completion.callCount == 1)
        #expect(observation.completion.queueNames == ["the main queue"])
        guard case .failed(let name, _, _)? = observation.firstOutcome, name.name == "invalidRequest" else {
            Issue.record("expected invalidRequest, got \(String(describing: observation.completion.first))")
            return
        }
    }
}
