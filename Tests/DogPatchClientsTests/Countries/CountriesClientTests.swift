import DogPatchClients
import Foundation
import HTTPStub
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("restcountries client")
struct CountriesClientTests {
    private func request(
        _ route: CountriesRoute, _ reply: StubReply, on queue: QueueChoice = .private
    ) async -> ClientRun<[Country]> {
        await runClient(reply: reply, queue: queue) { session, responseQueue, completion in
            CountriesClient(session: session, responseQueue: responseQueue).request(route, completion: completion)
        }
    }

    struct RouteCase: Sendable, CustomTestStringConvertible {
        let route: CountriesRoute
        let url: String
        let path: String
        let query: [String: String]
        var testDescription: String { url }
    }

    static let routes: [RouteCase] = [
        RouteCase(route: .all(), url: "https://restcountries.com/v3.1/all", path: "/v3.1/all", query: [:]),
        RouteCase(route: .all(fields: []), url: "https://restcountries.com/v3.1/all", path: "/v3.1/all", query: [:]),
        RouteCase(
            route: .all(fields: ["name", "capital"]), url: "https://restcountries.com/v3.1/all?fields=name,capital",
            path: "/v3.1/all", query: ["fields": "name,capital"]),
        RouteCase(
            route: .byName("france"), url: "https://restcountries.com/v3.1/name/france",
            path: "/v3.1/name/france", query: [:]),
        RouteCase(
            route: .byName("france", fullText: true), url: "https://restcountries.com/v3.1/name/france?fullText=true",
            path: "/v3.1/name/france", query: ["fullText": "true"]),
        RouteCase(
            route: .byName("united states"), url: "https://restcountries.com/v3.1/name/united%20states",
            path: "/v3.1/name/united states", query: [:]),
        RouteCase(
            route: .byName("Côte d'Ivoire"), url: "https://restcountries.com/v3.1/name/C%C3%B4te%20d'Ivoire",
            path: "/v3.1/name/Côte d'Ivoire", query: [:]),
        RouteCase(
            route: .byName("a/b?c#d"), url: "https://restcountries.com/v3.1/name/a%2Fb%3Fc%23d",
            path: "/v3.1/name/a/b?c#d", query: [:]),
    ]

    @Test("builds the URL, method and query", arguments: routes)
    func sendsRequest(_ routeCase: RouteCase) async throws {
        let run = await request(routeCase.route, .response(status: 200, body: body("[]")))
        let sent = try #require(run.requests.first)
        let url = try #require(sent.url)
        #expect(sent.httpMethod == "GET")
        #expect(url.absoluteString == routeCase.url)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.path == routeCase.path)
        let items = components.queryItems ?? []
        #expect(Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") }) == routeCase.query)
        #expect(try run.result?.get() == [])
    }

    @Test(
        "an empty or blank name is an invalid request, delivered once on the response queue",
        arguments: ["", "  ", "\n"], QueueChoice.allCases)
    func emptyName(name: String, queue: QueueChoice) async {
        let run = await request(.byName(name), .response(status: 200, body: body("[]")), on: queue)
        #expect(run.requests.isEmpty)
        #expect(run.error?.kind == .invalidRequest)
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("an invalid request returns no task")
    func invalidRequestHasNoTask() {
        let session = RecordingSession()
        let task = CountriesClient(session: session, responseQueue: .main).request(.byName("")) {
            (_: Result<[Country], APIError>) in
        }
        #expect(task == nil)
        #expect(session.lastRequest == nil)
    }

    @Test("the generic request resumes its task")
    func resumesTask() {
        let session = RecordingSession()
        let task = CountriesClient(session: session, responseQueue: .main).request(.all()) {
            (_: Result<[Country], APIError>) in
        }
        #expect(session.task.resumeCount == 1)
        #expect(task === session.task)
    }

    @Test("a 200 with countries decodes them", arguments: QueueChoice.allCases)
    func decodes(queue: QueueChoice) async throws {
        let run = await request(
            .byName("freedonia"), .response(status: 200, body: body(SampleBodies.twoCountries)), on: queue)
        let countries = try #require(try run.result?.get())
        #expect(countries.map(\.name?.common) == ["Freedonia", "Sylvania"])
        #expect(countries[0].currencies?["FDD"]?.symbol == "₣")
        #expect(countries[1].area == 0.75)
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("a 200 with a wrongly typed field fails with its path", arguments: QueueChoice.allCases)
    func typeMismatch(queue: QueueChoice) async throws {
        let run = await request(
            .all(), .response(status: 200, body: body(SampleBodies.countryWithStringPopulation)), on: queue)
        guard case .jsonConversionFailure(let failure)? = run.error else {
            Issue.record("expected jsonConversionFailure, got \(String(describing: run.result))")
            return
        }
        #expect(failure.path == "[1].population")
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("an empty 2xx body is invalid data", arguments: [200, 204], QueueChoice.allCases)
    func emptyBody(status: Int, queue: QueueChoice) async {
        let run = await request(.all(), .response(status: status), on: queue)
        #expect(run.error == .invalidData)
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test(
        "a non-2xx status is an unsuccessful response with that status",
        arguments: [400, 401, 404, 500, 503], QueueChoice.allCases)
    func unsuccessfulStatus(status: Int, queue: QueueChoice) async {
        let run = await request(
            .byName("nowhere"), .response(status: status, body: body(#"{"status":\#(status)}"#)), on: queue)
        #expect(run.error == .responseUnsuccessful(statusCode: status))
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test(
        "a transport error is an unsuccessful response",
        arguments: [URLError.Code.notConnectedToInternet, .timedOut, .cannotFindHost], QueueChoice.allCases)
    func transportError(code: URLError.Code, queue: QueueChoice) async {
        let run = await request(.all(), .failure(code), on: queue)
        #expect(run.error == .responseUnsuccessful(statusCode: nil))
        #expect(run.observation.callCount == 1)
        #expect(run.ranOnResponseQueue)
    }

    @Test("shared uses restcountries v3.1, URLSession.shared and the main queue")
    func shared() async {
        let client = CountriesClient.shared
        #expect(client.baseURL.absoluteString == "https://restcountries.com/v3.1/")
        #expect(client.session as? URLSession === URLSession.shared)
        #expect(await isMainQueue(client.responseQueue))
    }
}
