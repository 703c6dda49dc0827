import ContractTestSupport
import Foundation
import Testing

/// `verify` reads a stated request's holes as `serve` does (issue 49, finding 13): the client's
/// request must fit them, and a hole written wrong is a diagnostic at its place.
@Suite("verify: holes in a stated request")
struct RequestHolesTests {
    static func write(path: String, query: String, into folder: borrowing SuiteFolder) throws {
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru", "fullText": true},
             "request": {"path": "\(path)", "query": \(query)},
             "cases": [{"name": "peru", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}]}
            """)
    }

    @Test("the client's request fits the holes: verified; it does not: the path or query named")
    func replay() throws {
        let folder = try SuiteFolder()
        try Self.write(path: "/v3.1/name/{name}", query: #"{"fullText": true}"#, into: folder)
        let fits = try folder.run(["verify"])
        #expect(fits.status == 0, "\(fits.stdout)\(fits.stderr)")
        try Self.write(path: "/v3.1/capital/{name}", query: #"{"fullText": true, "page": true}"#, into: folder)
        let unfit = try folder.run(["verify"])
        #expect(unfit.status != 0)
        let output = unfit.stdout + unfit.stderr
        #expect(
            output.contains(
                #"request path: expected "/v3.1/capital/{name}" (holes free), client sent "/v3.1/name/peru""#),
            "\(output)")
        #expect(
            output.contains(
                "request query: expected ?fullText=(any value)&page=(any value), client sent ?fullText=true"),
            "\(output)")
    }

    @Test("a hole that is not a whole named segment, and a query item neither a string nor true, are diagnostics")
    func malformed() throws {
        let folder = try SuiteFolder()
        try Self.write(path: "/v3.1/name/x{name}", query: #"{"fullText": 1}"#, into: folder)
        let run = try folder.run(["verify"])
        #expect(run.status != 0)
        let output = run.stdout + run.stderr
        #expect(
            output.contains(#"contracts/peru.json:2:22: error: a hole in "path" is a whole segment named in braces"#),
            "\(output)")
        #expect(
            output.contains(
                #"error: "query"."fullText" must be a string, or true for an item sent with any value, found 1"#),
            "\(output)")
    }
}
