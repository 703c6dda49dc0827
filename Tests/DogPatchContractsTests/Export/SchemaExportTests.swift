import ContractTestSupport
import Foundation
import Testing

/// `export schema --out FILE`: the contract schema with the catalogue's names, for editors, and
/// the file `add` then names in the contracts it creates (issue 42, item 4).
@Suite("export schema, end to end")
struct SchemaExportTests {
    @Test("an app's tool writes the schema with the app's endpoint and model names, and add names it")
    func appSchema() async throws {
        let folder = try SuiteFolder()
        try TodoApp.MainQueue.write(into: folder)
        let run = await folder.runInProcess(
            ["export", "schema", "--out", "schema/contract.schema.json"], catalogue: TodoApp.MainQueue.catalogue)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote schema/contract.schema.json: the contract schema, 1 endpoint and 2 models\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let data = try folder.read("schema/contract.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect((properties["endpoint"] as? [String: Any])?["enum"] as? [String] == ["todos.list"])
        #expect((properties["model"] as? [String: Any])?["enum"] as? [String] == ["Todo", "[Todo]"])
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("dogpatch.getDogs") && !text.contains("countries."), "\(text)")
        // Written again, the same bytes.
        _ = await folder.runInProcess(
            ["export", "schema", "--out", "schema/contract.schema.json"], catalogue: TodoApp.MainQueue.catalogue)
        #expect(try folder.read("schema/contract.schema.json") == data)

        try folder.write(
            "Downloads/one.json",
            #"[{"uid": "0f8fad5b-d9cb-469f-a165-70867728950e", "id": 3, "title": "a", "done": false, "due_at": "2026-12-04T08:00:00Z", "priority": 1}]"#
        )
        let add = await folder.runInProcess(
            [
                "add", "Downloads/one.json", "--contract", "contracts/more/one.json", "--endpoint", "todos.list",
                "--name", "one",
            ],
            catalogue: TodoApp.MainQueue.catalogue)
        #expect(add.status == 0, "\(add.stderr)")
        let contract = String(decoding: try folder.read("contracts/more/one.json"), as: UTF8.self)
        #expect(contract.contains(#""$schema": "../../schema/contract.schema.json""#), "\(contract)")
    }

    @Test("the built-in tool writes the built-in catalogue's names")
    func builtIn() throws {
        let folder = try SuiteFolder()
        let run = try folder.run(["export", "schema", "--out", "editor/contract.schema.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote editor/contract.schema.json: the contract schema, 3 endpoints and 4 models\n")
        let text = String(decoding: try folder.read("editor/contract.schema.json"), as: UTF8.self)
        #expect(text.contains(#""dogpatch.getDogs","#), "\(text)")
    }

    @Test("what export schema cannot use is refused, and nothing is written")
    func refusals() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("a-folder"), withIntermediateDirectories: true)
        for (arguments, message) in [
            (["export", "schema"], "export needs --out: the folder (pact) or the file (openapi, schema) to write"),
            (["export", "schema", "--out", "s.json", "contracts"], "export schema takes no PATH"),
            (["export", "schema", "--out", "s.json", "--filter", "x"], "export schema takes no --filter"),
            (["export", "schema", "--out", "s.json", "--consumer", "x"], "export schema takes no --consumer"),
            (["export", "schema", "--out", "contracts/s.json"], "is inside the contracts folder"),
            (["export", "schema", "--out", "a-folder"], #"--out "a-folder" is a folder; name a file"#),
            (["export", "yaml", "--out", "s.json"], #"export writes pact, openapi or schema; unknown format "yaml""#),
        ] {
            let run = try folder.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("s.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/s.json").path))
    }
}
