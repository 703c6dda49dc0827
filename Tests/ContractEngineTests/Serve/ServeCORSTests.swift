import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import HTTPWire
import Testing

@testable import ContractEngine

/// `--cors` as a browser reads it, and pages of other origins (issue 49, findings 3, 4, 6, 7).
@Suite("serve: CORS and pages of other origins")
struct ServeCORSTests {
    /// A dogs contract whose case lists `*` as its origin and the headers a page reads, and a
    /// sequence: down, then the page.
    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/dogs.json",
            """
            {"endpoint": "dogpatch.getDogs", "sequence": ["down", "page"],
             "cases": [
               {"name": "page", "response": {"headers": {"Access-Control-Allow-Origin": "*", "X-Total-Count": "3",
                 "Link": "</api/v1/dogs?page=2>; rel=next", "Content-Type": "application/json"}, "body": "[]"},
                "expect": {"decodes": true, "count": 0}},
               {"name": "down", "response": {"status": 503, "headers": {"Retry-After": "5"}},
                "expect": {"error": "responseUnsuccessful", "status": 503}}
             ]}
            """)
        return folder
    }

    /// The values of a header field in a response's head, every time it appears.
    static func values(_ name: String, in head: String) -> [String] {
        head.components(separatedBy: "\r\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == name.lowercased() else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("an allowed origin gets one Allow-Origin, credentials, and the case's headers exposed")
    func allowedOrigin() async throws {
        let folder = try Self.suite()
        let router = try await ServeBoundsTests.router(at: folder.url, cors: ["http://localhost:3000"])
        let origin = [(name: "Origin", value: "http://localhost:3000")]
        let down = ServeBoundsTests.send(router, "GET", "/api/v1/dogs", headers: origin)
        #expect(down.status == 503)
        #expect(Self.values("Access-Control-Expose-Headers", in: down.head) == ["Retry-After"])
        let page = ServeBoundsTests.send(router, "GET", "/api/v1/dogs", headers: origin)
        #expect(page.status == 200)
        #expect(Self.values("Access-Control-Allow-Origin", in: page.head) == ["http://localhost:3000"])
        #expect(Self.values("Access-Control-Allow-Credentials", in: page.head) == ["true"])
        #expect(Self.values("Access-Control-Expose-Headers", in: page.head) == ["X-Total-Count, Link"])
        let preflight = ServeBoundsTests.send(
            router, "OPTIONS", "/api/v1/dogs", headers: origin + [("Access-Control-Request-Method", "GET")])
        #expect(preflight.status == 204)
        #expect(Self.values("Access-Control-Allow-Credentials", in: preflight.head) == ["true"])
    }

    @Test(
        "a page of another origin takes no step of the default session's sequence and fills no journal",
        arguments: [("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")])
    func foreignPage(_ header: String, _ value: String) async throws {
        let folder = try Self.suite()
        let router = try await ServeBoundsTests.router(at: folder.url)
        for _ in 0..<3 {
            let foreign = ServeBoundsTests.send(router, "GET", "/api/v1/dogs", headers: [(header, value)])
            #expect(foreign.status == 503)
            #expect(Self.values("Access-Control-Allow-Origin", in: foreign.head).isEmpty)
        }
        #expect(ServeBoundsTests.send(router, "GET", "/api/v1/dogs").status == 503)
        #expect(ServeBoundsTests.send(router, "GET", "/api/v1/dogs").status == 200)
        #expect(try ServeBoundsTests.journalCount(router, session: nil) == 2)
    }
}
