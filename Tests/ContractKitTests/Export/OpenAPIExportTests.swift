import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `export openapi`: the schemas come from the models, exactly what they accept.
@Suite("export openapi")
struct OpenAPIExportTests {
    @Test(
        "a model's shape is learnt from the model: required keys, optional ones that accept null, arrays, maps, UUIDs and URLs"
    )
    func shapes() throws {
        let dog = ModelShape.learn(try #require(Catalogue.standard.model(named: "Dog")))
        guard case .object(let fields) = dog else {
            Issue.record("Dog is not an object: \(dog)")
            return
        }
        #expect(
            fields.map(\.key) == [
                "id", "sellerID", "about", "breed", "name", "birthday", "created", "breederRating", "cost", "imageURL",
            ])
        #expect(fields.allSatisfy { $0.required && !$0.acceptsNull })
        #expect(fields.first { $0.key == "id" }?.shape == .string(.uuid))
        #expect(fields.first { $0.key == "imageURL" }?.shape == .string(.url))
        #expect(fields.first { $0.key == "cost" }?.shape == .number)
        guard
            case .array(.object(let country)) = ModelShape.learn(
                try #require(Catalogue.standard.model(named: "[Country]")))
        else {
            Issue.record("[Country] is not an array of objects")
            return
        }
        #expect(country.allSatisfy { !$0.required && $0.acceptsNull })
        #expect(country.first { $0.key == "population" }?.shape == .integer)
        #expect(country.first { $0.key == "area" }?.shape == .number)
        guard case .map(.object(let currency))? = country.first(where: { $0.key == "currencies" })?.shape else {
            Issue.record("currencies is not a map of objects")
            return
        }
        #expect(currency.map(\.key) == ["name", "symbol"])
        #expect(country.first { $0.key == "capital" }?.shape == .array(.string(.plain)))
    }

    @Test("what mutate learns of each model (the repository's profiles, which CI keeps current) is what its shape says")
    func profilesAgreeWithShapes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for name in ["[Dog]", "[Country]"] {
            let file = root.appendingPathComponent("profiles/\(name).json")
            guard case .success(let learnt) = ModelProfile.parse(try Data(contentsOf: file), file: file.path) else {
                Issue.record("profiles/\(name).json does not parse")
                continue
            }
            let shape = ModelShape.learn(try #require(Catalogue.standard.model(named: name)))
            let described = ModelProfile(model: name, shape: shape)
            #expect(learnt.0.pathCount > 0)
            #expect(learnt.0.disagreements(with: described) == [], "\(name)")
            #expect(
                described.pathCount >= learnt.0.pathCount, "the shape names every path a fixture holds, and more")
        }
    }

    /// Issue 31, item 8: --consumer was silently ignored with openapi.
    @Test("pact's options are refused with openapi, never ignored; one operation is one operation")
    func optionsOfTheOtherFormat() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for option in [["--consumer", "shop"], ["--verbose"]] {
            let run = try folder.run(["export", "openapi", "--out", "openapi.json"] + option)
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix(
                    "error: \(option[0]) is for export pact; an OpenAPI document has no consumer and leaves no case out\n"
                ),
                "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("openapi.json").path))
        let run = try folder.run(["export", "openapi", "--out", "openapi.json"])
        #expect(run.stdout == "wrote openapi.json: OpenAPI 3.1, 1 operation\n", "\(run.stdout)")
    }

    @Test("the document is the same bytes every time, names every endpoint's request, and refuses a bad --out")
    func command() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let first = try folder.run(["export", "openapi", "--out", "out/openapi.json"])
        #expect(first.status == 0, "\(first.stderr)")
        let bytes = try folder.read("out/openapi.json")
        #expect(try folder.run(["export", "openapi", "--out", "out/openapi.json"]).status == 0)
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
        let before = try AddHARTests.snapshot(folder)
        let inside = try folder.run(["export", "openapi", "--out", "contracts/openapi.json"])
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("is inside the contracts folder"))
        let onFolder = try folder.run(["export", "openapi", "--out", "out"])
        #expect(onFolder.status == 2)
        #expect(onFolder.stderr.contains("--out \"out\" is a folder; name a file"))
        #expect(try AddHARTests.snapshot(folder) == before)
        #expect(try folder.run(["export", "graphql", "--out", "x"]).status == 2)
    }
}
