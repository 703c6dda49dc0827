import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// The contract schema: the repository's file names no catalogue, so an app's contract validates
/// against it, and `export schema` writes one with a catalogue's names (issue 42, item 4).
@Suite("contract schema")
struct ContractSchemaTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func properties(_ schema: [String: Any]) throws -> [String: Any] {
        try #require(schema["properties"] as? [String: Any])
    }

    /// A small app's catalogue: one endpoint with an argument of each kind, one without, and a
    /// single model.
    static let app: Catalogue = {
        struct Note: Codable, Equatable, Sendable { var text: String }
        let note = ModelDescriptor(
            Note.self, name: "Note", makeDecoder: JSONDecoder.init, makeEncoder: JSONEncoder.init)
        let notes = ModelDescriptor(
            [Note].self, name: "[Note]", makeDecoder: JSONDecoder.init, makeEncoder: JSONEncoder.init)
        let base = URL(fileURLWithPath: "/")
        let search = Endpoint(
            name: "notes.search", model: notes,
            parameters: [.init("query", .string, required: true), .init("tags", .strings), .init("all", .bool)],
            baseURL: base
        ) { _ in }
        let latest = Endpoint(name: "notes.latest", model: note, baseURL: base) { _ in }
        return Catalogue(name: "notes", endpoints: [search, latest], models: [note, notes])
    }()

    @Test("schema/contract.schema.json is the generic schema the tool holds, and names no catalogue's endpoint")
    func fileIsTheGenericSchema() throws {
        let file = try String(
            contentsOf: Repository.root.appendingPathComponent("schema/contract.schema.json"), encoding: .utf8)
        #expect(file == ContractSchema.generic + "\n")
        let endpoint = try #require(try Self.properties(Self.json(file))["endpoint"] as? [String: Any])
        #expect(endpoint["enum"] == nil)
        #expect(endpoint["pattern"] as? String == "\\S")
        for name in Catalogue.standard.endpoints.map(\.name) + ["\"Dog\"", "\"[Country]\""] {
            #expect(!file.contains(name), "the generic schema names \(name)")
        }
    }

    @Test("the built-in catalogue's schema names its endpoints and models, and each endpoint's arguments and model")
    func builtIn() throws {
        let text = ContractSchema.document(for: .standard)
        #expect(text == ContractSchema.document(for: .standard), "the same bytes every time")
        #expect(text.hasSuffix("}\n"))
        let schema = try Self.json(text)
        #expect(schema["$id"] == nil, "an app's schema is not the repository's")
        #expect(schema["title"] as? String == "contract file of the built-in catalogue, version 1")
        let properties = try Self.properties(schema)
        #expect(
            (properties["endpoint"] as? [String: Any])?["enum"] as? [String]
                == ["dogpatch.getDogs", "countries.all", "countries.byName"])
        #expect(
            (properties["model"] as? [String: Any])?["enum"] as? [String] == ["Dog", "[Dog]", "Country", "[Country]"])
        let allOf = try #require(schema["allOf"] as? [[String: Any]])
        // An endpoint each, the generic rules (fixture contracts; a header from an earlier exchange
        // only in a flow), and no count on a single model.
        #expect(allOf.count == 6)
        let text0 = String(
            decoding: try JSONSerialization.data(withJSONObject: allOf[0], options: .sortedKeys), as: UTF8.self)
        #expect(text0.contains(#""const":"dogpatch.getDogs""#) && text0.contains(#""arguments":false"#), "\(text0)")
    }

    @Test("an app's schema names the app's endpoints and models, and their arguments by kind")
    func appCatalogue() throws {
        let schema = try Self.json(ContractSchema.document(for: Self.app))
        #expect(schema["title"] as? String == "contract file of the notes catalogue, version 1")
        let properties = try Self.properties(schema)
        #expect((properties["endpoint"] as? [String: Any])?["enum"] as? [String] == ["notes.search", "notes.latest"])
        #expect((properties["model"] as? [String: Any])?["enum"] as? [String] == ["Note", "[Note]"])
        let allOf = try #require(schema["allOf"] as? [[String: Any]])
        let search = try #require(
            (allOf[0]["then"] as? [String: Any]).flatMap { $0["properties"] as? [String: Any] })
        let arguments = try #require((search["arguments"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((arguments["query"] as? [String: String]) == ["type": "string"])
        #expect((arguments["all"] as? [String: String]) == ["type": "boolean"])
        #expect((arguments["tags"] as? [String: Any])?["type"] as? String == "array")
        #expect((search["model"] as? [String: String]) == ["const": "[Note]"])
        let latest = try #require(
            (allOf[1]["then"] as? [String: Any]).flatMap { $0["properties"] as? [String: Any] })
        #expect(latest["arguments"] as? Bool == false)
        #expect(latest["cases"] != nil, "a single model's cases state no count")
        let empty = try Self.json(ContractSchema.document(for: Catalogue(endpoints: [], models: [])))
        #expect(try Self.properties(empty)["endpoint"] as? Bool == false)
    }
}
