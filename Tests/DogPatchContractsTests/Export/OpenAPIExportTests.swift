import ContractTestSupport
import Foundation
import Testing

/// `export openapi`: the schemas come from the models, exactly what they accept.
@Suite("export openapi")
struct OpenAPIExportTests {
    /// Issue 31, item 8: --consumer was silently ignored with openapi.
    @Test("pact's options are refused with openapi, never ignored; one operation is one operation")
    func optionsOfTheOtherFormat() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for option in [["--consumer", "shop"], ["--verbose"]] {
            let run = await folder.runInProcess(["export", "openapi", "--out", "openapi.json"] + option)
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix(
                    "error: \(option[0]) is for export pact; an OpenAPI document has no consumer and leaves no case out\n"
                ),
                "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("openapi.json").path))
        let run = await folder.runInProcess(["export", "openapi", "--out", "openapi.json"])
        #expect(run.stdout == "wrote openapi.json: OpenAPI 3.1, 1 operation\n", "\(run.stdout)")
    }

    @Test("the document is the same bytes every time, names every endpoint's request, and refuses a bad --out")
    func command() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let first = await folder.runInProcess(["export", "openapi", "--out", "out/openapi.json"])
        #expect(first.status == 0, "\(first.stderr)")
        let bytes = try folder.read("out/openapi.json")
        #expect(await folder.runInProcess(["export", "openapi", "--out", "out/openapi.json"]).status == 0)
        #expect(try folder.read("out/openapi.json") == bytes)
        let document = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(paths.keys.sorted() == ["/dogs"])
        let dog = try #require(
            (document["components"] as? [String: [String: Any]])?["schemas"]?["Dog"] as? [String: Any])
        #expect((dog["required"] as? [String])?.count == 10)
        // Issue 29, finding 10: nothing the decoder does not enforce; a URL with a space decodes.
        let imageURL = try #require((dog["properties"] as? [String: [String: Any]])?["imageURL"])
        #expect(imageURL["format"] == nil, "\(imageURL)")
        #expect(imageURL["minLength"] as? Int == 1)
        let before = try SuiteSnapshot.files(folder)
        let inside = await folder.runInProcess(["export", "openapi", "--out", "contracts/openapi.json"])
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("is inside the contracts folder"))
        let onFolder = await folder.runInProcess(["export", "openapi", "--out", "out"])
        #expect(onFolder.status == 2)
        #expect(onFolder.stderr.contains("--out \"out\" is a folder; name a file"))
        #expect(try SuiteSnapshot.files(folder) == before)
        #expect(await folder.runInProcess(["export", "graphql", "--out", "x"]).status == 2)
    }
}
