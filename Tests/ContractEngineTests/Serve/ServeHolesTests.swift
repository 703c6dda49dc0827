import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import HTTPWire
import Testing

@testable import ContractEngine

/// Holes in a stated request (DESIGN 16, issue 49 finding 13): a contract leaves path segments and
/// query items free; `serve` answers the nearest contract, exact before free.
@Suite("serve: holes in a stated request")
struct ServeHolesTests {
    /// Peru by name with its path's name free, Peru exactly, and every country with `fields` free.
    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/any-name.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru"},
             "request": {"method": "GET", "path": "/v3.1/name/{name}"},
             "cases": [{"name": "none", "response": {"status": 404, "body": "{\\"status\\": 404}"},
                        "expect": {"error": "responseUnsuccessful", "status": 404}}]}
            """)
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru"},
             "cases": [{"name": "peru", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}]}
            """)
        try folder.write(
            "contracts/all.json",
            """
            {"endpoint": "countries.all", "arguments": {"fields": ["name"]},
             "request": {"query": {"fields": true}},
             "cases": [{"name": "all", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}]}
            """)
        return folder
    }

    @Test("a path hole answers any segment there; the exact contract answers first; a query item true any value")
    func holes() async throws {
        let folder = try Self.suite()
        let router = try await ServeBoundsTests.router(at: folder.url)
        #expect(ServeBoundsTests.send(router, "GET", "/v3.1/name/peru").status == 200)
        #expect(ServeBoundsTests.send(router, "GET", "/v3.1/name/chile").status == 404)
        #expect(ServeBoundsTests.send(router, "GET", "/v3.1/name/united%20states").status == 404)
        let journal = ServeBoundsTests.send(router, "GET", "/_contracts/requests").body
        #expect(journal.components(separatedBy: "\"contract\":\"contracts/any-name.json\"").count == 3)
        #expect(ServeBoundsTests.send(router, "GET", "/v3.1/all?fields=name").status == 200)
        #expect(ServeBoundsTests.send(router, "GET", "/v3.1/all?fields=capital,area").status == 200)
        // The free item must still be sent.
        let missing = ServeBoundsTests.send(router, "GET", "/v3.1/all")
        #expect(missing.status == 404)
        #expect(missing.body.contains(#""contract":"contracts/all.json""#))
        #expect(missing.body.contains(#""query":{"fields":true}"#))
    }

    @Test("a path the holes do not fit is a 404 naming the nearest contract with its holes")
    func nearest() async throws {
        let folder = try Self.suite()
        let router = try await ServeBoundsTests.router(at: folder.url)
        let answer = ServeBoundsTests.send(router, "GET", "/v3.1/name/chile/extra")
        #expect(answer.status == 404)
        #expect(answer.body.contains(#""path":"/v3.1/name/{name}""#), "\(answer.body)")
    }
}
