import DogPatchClients
import Foundation
import HTTPStub
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("DogPatch client")
struct DogPatchClientTests {
    private func getDogs(_ reply: StubReply, on queue: QueueChoice) async -> ClientRun<[Dog]> {
        await runClient(reply: reply, queue: queue) { session, responseQueue, completion in
            DogPatchClient(baseURL: DogPatchAPI.baseURL, session: session, responseQueue: responseQueue)
                .getDogs(completion: completion)
        }
    }

    @Test("sends GET /api/v1/dogs with no query")
    func request() async throws {
        let run = await getDogs(.response(status: 200, body: body(SampleBodies.twoDogs)), on: .private)
        let request = try #require(run.requests.first)
        #expect(run.requests.count == 1)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "https://dogpatchserver.herokuapp.com/api/v1/dogs")
    }

    @Test("getDogs returns the task it resumed")
    func resumesTask() {
        let session = RecordingSession()
        let client = DogPatchClient(baseURL: DogPatchAPI.baseURL, session: session, responseQueue: .main)
        let task = client.getDogs { _ in }
        #expect(session.task.resumeCount == 1)
        #expect(task === session.task)
    }

    @Test("a 200 with dogs decodes them", arguments: QueueChoice.allCases)
    func decodesDogs(queue: QueueChoice) async throws {
        let run = await getDogs(.response(status: 200, body: body(SampleBodies.twoDogs)), on: queue)
        let dogs = try #require(try run.result?.get())
        #expect(dogs.map(\.name) == ["Juniper", "Biscuit"])
        #expect(dogs[0].cost == Decimal(string: "1250.75"))
        #expect(dogs[0].birthday == Date(timeIntervalSinceReferenceDate: 700_000_000))
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("a 200 whose dog lacks a key fails with its path", arguments: QueueChoice.allCases)
    func missingKey(queue: QueueChoice) async {
        let run = await getDogs(.response(status: 200, body: body(SampleBodies.dogMissingName)), on: queue)
        #expect(
            run.error == .jsonConversionFailure(DecodingFailure(path: "[1].name", reason: "required key is missing")))
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("an empty 2xx body is invalid data", arguments: [200, 204], QueueChoice.allCases)
    func emptyBody(status: Int, queue: QueueChoice) async {
        let run = await getDogs(.response(status: status), on: queue)
        #expect(run.error == .invalidData)
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test(
        "a non-2xx status is an unsuccessful response with that status",
        arguments: [400, 401, 404, 500, 503], QueueChoice.allCases)
    func unsuccessfulStatus(status: Int, queue: QueueChoice) async {
        let run = await getDogs(.response(status: status, body: body(SampleBodies.twoDogs)), on: queue)
        #expect(run.error == .responseUnsuccessful(statusCode: status))
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test(
        "a transport error is an unsuccessful response without a status",
        arguments: [URLError.Code.notConnectedToInternet, .timedOut], QueueChoice.allCases)
    func transportError(code: URLError.Code, queue: QueueChoice) async {
        let run = await getDogs(.failure(code), on: queue)
        #expect(run.error == .responseUnsuccessful(statusCode: nil))
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("shared uses the DogPatch server, URLSession.shared and the main queue")
    func shared() async {
        let client = DogPatchClient.shared
        #expect(client.baseURL.absoluteString == "https://dogpatchserver.herokuapp.com/api/v1/")
        #expect(client.session as? URLSession === URLSession.shared)
        #expect(await isMainQueue(client.responseQueue))
    }

    @Test("the client is usable through DogPatchService")
    func conformsToService() async throws {
        let run: ClientRun<[Dog]> = await runClient(
            reply: .response(status: 200, body: body(SampleBodies.twoDogs)), queue: .private
        ) { session, queue, completion in
            let service: any DogPatchService = DogPatchClient(
                baseURL: DogPatchAPI.baseURL, session: session, responseQueue: queue)
            service.getDogs(completion: completion)
        }
        #expect(try run.result?.get().count == 2)
    }
}
