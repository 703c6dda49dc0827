import ContractEngine
import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cases that could never run, errors `list` must show, and messages that must name the real problem.
@Suite("contract errors and messages, end to end")
struct MessagesTests {
    @Test(
        "an invalidRequest expectation that replay never reaches is a contract error",
        arguments: [
            (
                #"{"model": "[Country]", "cases": [{"name": "x", "response": {"status": 200}, "expect": {"error": "invalidRequest"}}]}"#,
                "a fixture contract (no \"endpoint\") is never replayed"
            ),
            (
                #"{"endpoint": "countries.byName", "cases": [{"name": "x", "replay": false, "response": {"status": 200}, "expect": {"error": "invalidRequest"}}]}"#,
                "this case has \"replay\": false"
            ),
        ])
    func neverRunningCase(contract: String, reason: String) throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/c.json", contract)
        let run = try folder.run(["verify"])
        #expect(run.status == 2)
        #expect(run.cases("ERROR") == ["ERROR contracts/c.json  x"])
        #expect(
            run.stderr.contains(
                "error: \"invalidRequest\" depends on the arguments and only replay can check it, but \(reason); this case could never run"
            ),
            "\(run.stderr)")
        #expect(try folder.run(["list"]).status == 2)
    }

    @Test("list reports case-level errors and exits 2")
    func listShowsCaseErrors() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            """
            {"endpoint": "dogpatch.getDogs", "cases": [
              {"name": "a", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}},
              {"name": "a", "response": {"status": 501}, "expect": {"error": "responseUnsuccessful"}},
              {"name": "b", "response": {"fixtrue": "x.json"}, "expect": {"decodes": true}}]}
            """)
        let run = try folder.run(["list", "--cases"])
        #expect(run.status == 2)
        #expect(
            run.stdout
                == "contract          endpoint          model  cases  recorded\ncontracts/c.json  dogpatch.getDogs  [Dog]  3      0\n  a\n  a (invalid)\n  b (invalid)\n"
        )
        #expect(
            run.stderr.contains("contracts/c.json:3:3: error: duplicate case name \"a\" (first at line 2)"),
            "\(run.stderr)")
        #expect(run.stderr.contains("unknown key \"fixtrue\" in \"response\""))
    }

    @Test("arguments on an endpoint that takes none say so")
    func argumentsOnGetDogs() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            #"{"endpoint": "dogpatch.getDogs", "arguments": {"page": "2"}, "cases": [{"name": "x", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        let run = try folder.run(["verify"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "contracts/c.json:1:34: error: dogpatch.getDogs takes no arguments; remove \"arguments\""),
            "\(run.stderr)")
    }

    @Test("add without the name argument says which argument and how to pass it")
    func addWithoutArguments() throws {
        let folder = try SuiteFolder()
        try folder.write("peru.json", #"[{"name": {"common": "Peru"}}]"#)
        let run = try folder.run([
            "add", "peru.json", "--contract", "contracts/peru.json", "--endpoint", "countries.byName", "--name", "peru",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "error: countries.byName needs the argument \"name\" (a string), missing or empty here, so the client would answer invalidRequest; pass it as --arguments '{\"name\": ...}'\n"
            ), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/peru.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/peru.json").path))
    }

    @Test("a client's invalidRequest is reported with its reason")
    func invalidRequestReason() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            #"{"endpoint": "countries.byName", "arguments": {"name": " "}, "cases": [{"name": "x", "response": {"status": 404}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        let run = try folder.run(["verify"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "client returned invalidRequest (the country name is empty) before sending; expected responseUnsuccessful"
            ), "\(run.stderr)")
    }

    static func acdc(path: String) -> String {
        #"{"endpoint": "countries.byName", "arguments": {"name": "AC/DC"}, "request": {"path": "PATH"}, "cases": [{"name": "x", "response": {"status": 404}, "expect": {"error": "responseUnsuccessful", "status": 404}}]}"#
            .replacingOccurrences(of: "PATH", with: path)
    }

    @Test(
        "a path with % is compared as sent, hex case aside; one without, decoded",
        arguments: [
            ("/v3.1/name/AC%2FDC", true), ("/v3.1/name/AC%2fDC", true), ("/v3.1/name/AC/DC", true),
            ("/v3.1/name/AC%2F%44C", false),
        ])
    func encodedPaths(path: String, passes: Bool) throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/c.json", Self.acdc(path: path))
        let run = try folder.run(["verify"])
        #expect(run.status == (passes ? 0 : 1), "\(run.stderr)")
    }

    /// `countries.byName` that leaves `/` in the name unencoded.
    static let slashUnencoded = Endpoint(
        name: Endpoint.countriesByName.name, model: .countries,
        parameters: [Endpoint.Parameter("name", .string, required: true)],
        baseURL: RestCountriesAPI.baseURL
    ) { call in
        let name = call.string("name") ?? ""
        var request = URLRequest(
            url: URL(string: "https://restcountries.com/v3.1/name/" + name) ?? RestCountriesAPI.baseURL)
        request.httpMethod = "GET"
        call.session.makeDataTask(with: request) { _, response, _ in
            let status = (response as? HTTPURLResponse)?.statusCode
            call.responseQueue.async { call.completion(.failure(.responseUnsuccessful(statusCode: status))) }
        }.resume()
    }

    @Test("a client that stops encoding / is caught by a contract that writes the path as sent")
    func unencodedSlash() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/c.json", Self.acdc(path: "/v3.1/name/AC%2FDC"))
        let catalogue = Catalogue(endpoints: [Self.slashUnencoded], models: Catalogue.standard.models)
        let output = await folder.runInProcess(["verify"], catalogue: catalogue)
        #expect(output.code == .failure)
        #expect(
            output.stderr.contains(#"request path: expected "/v3.1/name/AC%2FDC", client sent "/v3.1/name/AC/DC""#),
            "\(output.stderr)")
    }

    @Test("a number too small for a Double gets its path, as one too large does", arguments: ["1e-400", "1e400"])
    func underflow(literal: String) throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/c.json", "[{\"name\": {\"common\": \"X\"},\n  \"area\": \(literal)}]")
        try folder.write(
            "contracts/c.json",
            #"{"model": "[Country]", "cases": [{"name": "x", "response": {"fixture": "c.json"}, "expect": {"decodes": true}}]}"#
        )
        let run = try folder.run(["verify"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("Fixtures/c.json:2:11: error: [0].area: number \(literal) does not fit in Double"),
            "\(run.stderr)")
    }

    @Test("a body the prediction and the client word differently gets one diagnostic")
    func oneDiagnosticPerProblem() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "x", "response": {"body": "[null]"}, "expect": {"decodes": true}}]}"#
        )
        let run = try folder.run(["verify"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(run.stderr)")
        #expect(errors.first?.contains("[0]: ") ?? false)
    }
}

/// Issue 42, item 6: a name the catalogue lacks says which catalogue was searched, what it has,
/// and where an app's own endpoints and models go.
@Suite("an unknown endpoint or model points the way")
struct CatalogueMessagesTests {
    static let way = "docs/your-own-endpoint.md"

    @Test("the built-in tool, given an app's endpoint, names its built-in catalogue and the doc")
    func builtIn() throws {
        let folder = try SuiteFolder()
        try TodoApp.MainQueue.write(into: folder)
        let run = try folder.run(["verify"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"contracts/todos.json:2:15: error: unknown endpoint "todos.list"; the built-in catalogue has "dogpatch.getDogs", "countries.all", "countries.byName"; an app's own endpoints go in its own catalogue (docs/your-own-endpoint.md)"#
            ), "\(run.stderr)")
        let explain = try folder.run(["explain", "Fixtures/todos.json", "--model", "[Todo]"])
        #expect(explain.status == 2)
        #expect(
            explain.stderr.contains(
                #"unknown model "[Todo]"; the built-in catalogue has "Dog", "[Dog]", "Country", "[Country]"; an app's own models go in its own catalogue (docs/your-own-endpoint.md)"#
            ), "\(explain.stderr)")
    }

    @Test("an app's tool names the app's catalogue, its one endpoint listed and not offered again")
    func appCatalogue() async throws {
        let folder = try SuiteFolder()
        try TodoApp.MainQueue.write(into: folder)
        try folder.write(
            "contracts/typo.json",
            #"{"endpoint": "todos.lst", "cases": [{"name": "x", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        let run = await folder.runInProcess(["verify"], catalogue: TodoApp.MainQueue.catalogue)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"unknown endpoint "todos.lst"; the todo catalogue has "todos.list"; an app's own endpoints go in its own catalogue (docs/your-own-endpoint.md)"#
            ), "\(run.stderr)")
        // The only endpoint is listed already: a did-you-mean would only say it again.
        #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
        let unnamed = Catalogue(endpoints: [TodoApp.MainQueue.list], models: [TodoApp.MainQueue.todo])
        let explain = await folder.runInProcess(
            ["explain", "Fixtures/todos.json", "--endpoint", "dogpatch.getDogs"], catalogue: unnamed)
        #expect(explain.status == 2)
        #expect(
            explain.stderr.contains(
                #"unknown endpoint "dogpatch.getDogs"; the catalogue in use has "todos.list"; an app's own endpoints go in its own catalogue (docs/your-own-endpoint.md)"#
            ), "\(explain.stderr)")
    }

    @Test("a catalogue's name is optional, and the built-in one is named")
    func names() {
        #expect(Catalogue.standard.name == "built-in")
        #expect(Catalogue(endpoints: [], models: []).name == nil)
        #expect(TodoApp.MainQueue.catalogue.called == "the todo catalogue")
    }
}
