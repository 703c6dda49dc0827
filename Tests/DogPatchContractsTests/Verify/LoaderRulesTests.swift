import ContractTestSupport
import Foundation
import Testing

/// Rules the loader gained with the contract schema's agreement (issue 29, findings 9, 14 and 15)
/// and its did-you-mean (issue 32, item 8): each error at its line and column, end to end.
@Suite("loader rules, at their line and column")
struct LoaderRulesTests {
    static func run(
        _ contract: String, fixtures: [String: String] = [:], arguments: [String] = ["verify"],
        inspect: (borrowing SuiteFolder) throws -> Void = { _ in }
    ) throws -> ToolRun {
        let folder = try SuiteFolder()
        try folder.write("contracts/c.json", contract)
        for (path, text) in fixtures { try folder.write("Fixtures/" + path, text) }
        let run = try folder.run(arguments)
        try inspect(folder)
        return run
    }

    @Test("a redirect the client follows is refused where its Location is written")
    func redirectWithLocation() throws {
        let run = try Self.run(
            """
            {"endpoint": "dogpatch.getDogs", "cases": [
              {"name": "moved", "response": {"status": 307,
                "headers": {"Location": "https://dogpatch.test/v2/dogs"}},
               "expect": {"error": "responseUnsuccessful", "status": 307}}]}
            """)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"contracts/c.json:3:17: error: a 307 with "Location" never reaches the client: URLSession follows the redirect"#
            ), "\(run.stderr)")
    }

    /// Finding 9: which of the two a dictionary keeps changed run to run, and the pact with it.
    @Test(
        "a header named twice in different case is refused at the second, by verify and both exports",
        arguments: [["verify"], ["export", "pact", "--out", "out"], ["export", "openapi", "--out", "out"]])
    func headerTwice(arguments: [String]) throws {
        let run = try Self.run(
            """
            {"endpoint": "dogpatch.getDogs", "cases": [
              {"name": "down", "response": {"status": 503,
                "headers": {"Content-Type": "text/html",
                            "content-type": "application/json"}},
               "expect": {"error": "responseUnsuccessful"}}]}
            """, arguments: arguments
        ) { folder in
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
        }
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"contracts/c.json:4:17: error: header "content-type" is named twice, first as "Content-Type" at line 3"#
            ), "\(run.stderr)")
    }

    @Test("an unknown endpoint, an unknown model and a missing fixture each offer the nearest name")
    func didYouMean() throws {
        let endpoint = try Self.run(
            #"{"endpoint": "countries.byNam", "cases": [{"name": "x", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        #expect(endpoint.stderr.contains(#"; did you mean "countries.byName"?"#), "\(endpoint.stderr)")
        let model = try Self.run(
            #"{"model": "[Dgo]", "cases": [{"name": "x", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}]}"#
        )
        #expect(model.stderr.contains(#"unknown model "[Dgo]""#), "\(model.stderr)")
        #expect(model.stderr.contains(#"; did you mean "[Dog]"?"#), "\(model.stderr)")
        let fixture = try Self.run(
            #"{"model": "[Dog]", "cases": [{"name": "x", "response": {"fixture": "dogs/pgae.json"}, "expect": {"decodes": true}}]}"#,
            fixtures: ["dogs/page.json": "[]", "dogs/other.json": "[]"])
        #expect(
            fixture.stderr.contains(
                #"error: fixture "Fixtures/dogs/pgae.json" does not exist; did you mean "dogs/page.json"?"#),
            "\(fixture.stderr)")
        let far = try Self.run(
            #"{"model": "[Dog]", "cases": [{"name": "x", "response": {"fixture": "cats.json"}, "expect": {"decodes": true}}]}"#,
            fixtures: ["dogs/page.json": "[]"])
        #expect(far.stderr.contains(#"error: fixture "Fixtures/cats.json" does not exist"#), "\(far.stderr)")
        #expect(!far.stderr.contains("did you mean"))
    }
}
