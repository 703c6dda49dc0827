import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// Issue 46: every rendering of a key that is not an export names it as the body writes it
/// (`iso_639_1`), on the to-do app's lists, whose encoder writes that key `iso6391`.
@Suite("keys as the body writes them, outside the exports")
struct WireKeyRenderingTests {
    /// The lists' contract with other `values`.
    static func contract(values: String) -> String {
        """
        { "endpoint": "lists.show", "arguments": { "id": "7", "language": "en", "etag": "\\"v3\\"" },
          "cases": [
            { "name": "a copied list", "response": { "fixture": "list.json" },
              "expect": { "decodes": true,
                          "values": \(values) } } ] }
        """
    }

    /// A folder with the lists' fixture and a contract of them.
    static func lists(values: String) throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        try folder.write("contracts/lists.json", contract(values: values))
        return folder
    }

    @Test("a values path in the body's keys is checked against the decoded list, at every depth")
    func wirePaths() async throws {
        let folder = try Self.lists(
            values: #"{ "iso_639_1": "en", "parent.iso_639_1": "en", "parent.parent.iso_639_1": "de" }"#)
        let run = await folder.runInProcess(["verify"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    }

    @Test("a value that differs is named at the body's path")
    func wireFailure() async throws {
        let folder = try Self.lists(values: #"{ "parent.iso_639_1": "fr" }"#)
        let run = await folder.runInProcess(["verify", "--no-replay"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .failure)
        #expect(
            run.stderr.contains(#"contracts/lists.json:5:31: error: parent.iso_639_1: expected "fr", decoded "en""#),
            "\(run.stderr)")
        #expect(!run.stderr.contains("iso6391"), "\(run.stderr)")
    }

    @Test("a values path in the model's spelling is checked, with a warning naming the body's; --strict fails it")
    func modelSpelling() async throws {
        let folder = try Self.lists(values: #"{ "parent.iso6391": "en" }"#)
        let run = await folder.runInProcess(["verify"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"contracts/lists.json:5:31: warning: "parent.iso6391": the body writes this path "parent.iso_639_1"; write it so"#
            ), "\(run.stderr)")
        let strict = await folder.runInProcess(["verify", "--strict"], catalogue: TodoApp.wireCatalogue)
        #expect(strict.code == .failure, "\(strict.stdout)\(strict.stderr)")
    }

    @Test("a key the list never reads is warned about at the body's path")
    func unreadKeyWarning() async throws {
        let folder = try Self.lists(values: #"{ "iso_639_1": "en" }"#)
        try folder.write(
            "Fixtures/list.json",
            TodoApp.listFixture.replacingOccurrences(
                of: #""iso_639_1": "de", "#, with: #""iso_639_1": "de", "owner_id": 12, "#))
        let run = await folder.runInProcess(["verify"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("warning: parent.parent.owner_id: the TodoList model never reads this key"),
            "\(run.stderr)")
    }

    @Test("a decoding failure and a missing key are named at the body's path")
    func failurePaths() async throws {
        let folder = try Self.lists(values: "{}")
        try folder.write(
            "Fixtures/list.json",
            TodoApp.listFixture.replacingOccurrences(of: #""iso_639_1": "de""#, with: #""iso_639_1": 5"#))
        let wrong = await folder.runInProcess(["verify", "--no-replay"], catalogue: TodoApp.wireCatalogue)
        #expect(wrong.stderr.contains("error: parent.parent.iso_639_1: "), "\(wrong.stderr)")
        try folder.write(
            "Fixtures/list.json",
            TodoApp.listFixture.replacingOccurrences(of: #""iso_639_1": "de", "#, with: ""))
        let missing = await folder.runInProcess(["verify", "--no-replay"], catalogue: TodoApp.wireCatalogue)
        #expect(
            missing.stderr.contains("error: parent.parent.iso_639_1: required key is missing"), "\(missing.stderr)")
    }

    @Test("a key a body lacks is named as the suite's other bodies spell it, though that body spells it nowhere")
    func missingKeyNamedAsTheSuiteSpellsIt() async throws {
        let folder = try Self.lists(values: "{}")
        let solo =
            #"{\"id\": 9, \"name\": \"solo\", \"note\": null, \"visibility\": \"shared\", \"urgency\": 3, \"due_on\": \"2026-12-24\", \"parent\": null}"#
        try folder.write(
            "contracts/solo.json",
            """
            { "endpoint": "lists.show", "arguments": { "id": "9", "language": "en", "etag": "\\"v1\\"" },
              "cases": [
                { "name": "no language", "response": { "body": "\(solo)" },
                  "expect": { "error": "jsonConversionFailure", "path": "iso_639_1" } } ] }
            """)
        // The whole suite, or the one contract alone: the other contract's body spells the key.
        for paths in [[], ["contracts/solo.json"]] {
            let run = await folder.runInProcess(["verify"] + paths, catalogue: TodoApp.wireCatalogue)
            #expect(run.status == 0, "\(paths): \(run.stdout)\(run.stderr)")
            #expect(!run.stderr.contains("iso6391"), "\(run.stderr)")
        }
        try folder.write("Fixtures/solo.json", solo.replacingOccurrences(of: "\\", with: ""))
        let explained = await folder.runInProcess(
            ["explain", "Fixtures/solo.json", "--model", "TodoList"], catalogue: TodoApp.wireCatalogue)
        #expect(
            explained.stdout.contains("iso_639_1: required key is missing"), "\(explained.stdout)\(explained.stderr)")
        let add = await folder.runInProcess(
            ["add", "Fixtures/solo.json", "--contract", "contracts/solo.json", "--name", "no language, again"],
            catalogue: TodoApp.wireCatalogue)
        #expect(add.code == .success, "\(add.stdout)\(add.stderr)")
        let written = String(decoding: try folder.read("contracts/solo.json"), as: UTF8.self)
        #expect(written.contains(#""path": "iso_639_1""#) && !written.contains("iso6391"), "\(written)")
    }

    @Test(
        "an expected failure path in the model's spelling still matches, with a warning; the body's matches silently",
        arguments: [("parent.iso6391", true), ("parent.iso_639_1", false)])
    func failurePathSpelling(path: String, warns: Bool) async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/list.json",
            TodoApp.listFixture.replacingOccurrences(
                of: #""iso_639_1": "en", "note": "weekly""#, with: #""iso_639_1": 5, "note": "weekly""#))
        try folder.write(
            "contracts/lists.json",
            """
            { "endpoint": "lists.show", "arguments": { "id": "7" },
              "cases": [
                { "name": "a bad language", "response": { "fixture": "list.json" },
                  "expect": { "error": "jsonConversionFailure", "path": "\(path)" } } ] }
            """)
        let run = await folder.runInProcess(["verify"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"warning: "parent.iso6391": the body writes this path "parent.iso_639_1"; write it so"#) == warns,
            "\(run.stderr)")
    }

    @Test("explain and add name a record's fields as the body writes them")
    func explainAndAdd() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Downloads/list.json",
            #"{"iso_639_1": "en", "id": 7, "name": "groceries", "visibility": "shared", "due_on": "2026-12-24"}"#)
        let explain = await folder.runInProcess(
            ["explain", "Downloads/list.json", "--endpoint", "lists.show"], catalogue: TodoApp.wireCatalogue)
        #expect(explain.code == .success, "\(explain.stdout)\(explain.stderr)")
        #expect(explain.stdout.contains(#"iso_639_1 "en""#), "\(explain.stdout)")
        let add = await folder.runInProcess(
            [
                "add", "Downloads/list.json", "--contract", "contracts/lists.json", "--name", "a list", "--model",
                "TodoList",
            ], catalogue: TodoApp.wireCatalogue)
        #expect(add.code == .success, "\(add.stdout)\(add.stderr)")
        let written = String(decoding: try folder.read("contracts/lists.json"), as: UTF8.self)
        #expect(written.contains(#""values": { "iso_639_1": "en" }"#), "\(written)")
    }

    @Test("mutate's profile and its messages name the body's keys")
    func profiles() async throws {
        let folder = try Self.lists(values: "{}")
        let run = await folder.runInProcess(
            ["mutate", "--profiles", "profiles"], catalogue: TodoApp.wireCatalogue)
        let profile = String(decoding: try folder.read("profiles/TodoList.json"), as: UTF8.self)
        #expect(profile.contains(#""iso_639_1": { "null": false, "required": true"#), "\(run.stderr)\(profile)")
        #expect(profile.contains(#""parent.iso_639_1""#))
        #expect(!profile.contains("iso6391") && !run.stdout.contains("iso6391") && !run.stderr.contains("iso6391"))
    }
}
