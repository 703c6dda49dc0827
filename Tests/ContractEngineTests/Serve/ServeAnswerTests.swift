import ContractTestSupport
import DogPatchClients
import Foundation
import HTTPStub
import Testing

@testable import ContractEngine

/// What `serve` takes and sends that clients written elsewhere trip on (issue 49, findings 5, 11, 12).
@Suite("serve: media types and fixtures being written")
struct ServeAnswerTests {
    @Test("a stated Content-Type matches the same media type with parameters, as the exports do")
    func charset() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        let server = try await ServeRequestTests.start(folder)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        var headers = ServeRequestTests.headers
        headers["content-type"] = "application/json; charset=utf-8"
        let created = try ServeRequestTests.post(TodoWrites.milk, headers: headers, on: connection)
        #expect(created.status == 201, "\(created.text)")
        headers["content-type"] = "text/plain; charset=utf-8"
        let other = try ServeRequestTests.post(TodoWrites.milk, headers: headers, on: connection)
        #expect(other.status == 404)
    }

    @Test("a body cut off mid-string keeps its Content-Type, as replay's stub sends it")
    func brokenJSON() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/cut.json", #"[{"id": 1, "name": "Rex"#)
        try folder.write(
            "contracts/dogs.json",
            """
            {"endpoint": "dogpatch.getDogs",
             "cases": [{"name": "cut off", "response": {"fixture": "cut.json"},
                        "expect": {"error": "jsonConversionFailure"}}]}
            """)
        let server = try await SuiteServer.serving(folder.url)
        defer { server.stop() }
        let answer = try RawConnection(port: server.port).get("/api/v1/dogs")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.text == #"[{"id": 1, "name": "Rex"#)
    }

    @Test("a fixture saved in place is never served half-written: the last whole one answers until the write ends")
    func tornFixture() async throws {
        let folder = try SuiteFolder()
        let whole = #"[{"id": 1, "name": "Rex", "breed": "collie", "price": 10, "available": true}]"#
        try folder.write("Fixtures/dogs.json", whole)
        try folder.write(
            "contracts/dogs.json",
            """
            {"endpoint": "dogpatch.getDogs",
             "cases": [{"name": "page", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}
            """)
        let events = Locked<[String]>([])
        var settings = SuiteServer.Settings()
        settings.reloadInterval = 0.02
        let started = await SuiteServer.start(
            catalogue: .standard, options: VerifyOptions(), location: SuiteLocation(currentDirectory: folder.url),
            settings: settings,
            events: { event in
                switch event {
                case .reloaded: events.withLock { $0.append("reloaded") }
                case .keptLastValid: events.withLock { $0.append("kept") }
                case .request: break
                }
            })
        let server = try started.get()
        defer { server.stop() }
        // Truncated and half written, as an editor saving in place leaves it for a moment.
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("Fixtures/dogs.json"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(whole.utf8.prefix(30)))
        #expect(await ServeServerTests.eventually { events.withLock { $0.contains("kept") } })
        #expect(try RawConnection(port: server.port).get("/api/v1/dogs").text == whole)
        let changed = whole.replacingOccurrences(of: "Rex", with: "Max")
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(changed.utf8))
        try handle.close()
        #expect(await ServeServerTests.eventually { events.withLock { $0.contains("reloaded") } })
        #expect(try RawConnection(port: server.port).get("/api/v1/dogs").text == changed)
    }
}
