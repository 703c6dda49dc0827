import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// Issue 46: the exports state the wire as the app's decoder reads it, on the to-do app's lists
/// (a model that contains itself, a key whose snake-case round trip is not the identity).
@Suite("exports of the wire as the decoder reads it")
struct WireExportTests {
    /// The JSON a file of the folder holds.
    static func json(_ folder: borrowing SuiteFolder, _ file: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try folder.read(file)) as? [String: Any])
    }

    /// The body rules of a pact's interaction, by description.
    static func rules(_ pact: [String: Any], _ description: String) throws -> [String: [String: Any]] {
        let interaction = try #require(
            (pact["interactions"] as? [[String: Any]])?.first { $0["description"] as? String == description })
        let response = try #require(interaction["response"] as? [String: Any])
        return try #require((response["matchingRules"] as? [String: Any])?["body"] as? [String: [String: Any]])
    }

    @Test("a model that contains itself exports: a $ref in OpenAPI, pact rules as deep as the body goes")
    func selfContaining() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let document = try Self.json(folder, "openapi.json")
        let list = try #require(
            (document["components"] as? [String: [String: Any]])?["schemas"]?["TodoList"] as? [String: Any])
        let properties = try #require(list["properties"] as? [String: [String: Any]])
        let parent = try #require(properties["parent"]?["anyOf"] as? [[String: String]])
        #expect(parent == [["$ref": "#/components/schemas/TodoList"], ["type": "null"]])
        let pact = await folder.runInProcess(
            ["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(pact.code == .success, "\(pact.stderr)")
        let rules = try Self.rules(try Self.json(folder, "pacts/dogpatch-app-lists.json"), "a copied list")
        #expect(rules["$.parent.name"] != nil && rules["$.parent.id"] != nil, "\(rules.keys.sorted())")
    }
}

/// Issue 46: the lists' suite the agreement and pact scripts judge is the tests' own.
@Suite("the lists' suite beside todo-wire-contracts")
struct WireSuiteFilesTests {
    @Test("Tests/TodoWireContracts/suite holds the lists' contracts and fixtures as the tests write them")
    func sameSuite() throws {
        let suite = Repository.root.appendingPathComponent("Tests/TodoWireContracts/suite")
        let contract = try String(contentsOf: suite.appendingPathComponent("contracts/lists.json"), encoding: .utf8)
        let fixture = try String(contentsOf: suite.appendingPathComponent("Fixtures/list.json"), encoding: .utf8)
        #expect(contract == TodoApp.listContract + "\n")
        #expect(fixture == TodoApp.listFixture + "\n")
        let update = try String(
            contentsOf: suite.appendingPathComponent("contracts/lists-update.json"), encoding: .utf8)
        let sent = try String(contentsOf: suite.appendingPathComponent("Fixtures/list-update.json"), encoding: .utf8)
        #expect(update == TodoApp.listUpdateContract + "\n")
        #expect(sent == TodoApp.listUpdate + "\n")
    }
}

/// Issue 46: one case an export cannot state stops neither export.
@Suite("no single case stops an export")
struct OneCaseTests {
    /// A contract of `lists.show` whose argument the client refuses: it sends no request.
    static let refused = """
        { "endpoint": "lists.show", "arguments": { "id": "seven" },
          "cases": [
            { "name": "a word for an id", "response": { "fixture": "list.json" }, "expect": { "decodes": true } } ] }
        """

    @Test(
        "a contract whose client sends no request is left out of both with a note; the others are written",
        arguments: ["pact", "openapi"])
    func noRequest(format: String) async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        try TodoApp.write(into: folder)
        try folder.write("contracts/refused.json", Self.refused)
        let run = await folder.runInProcess(["export", format, "--out", "out"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"contracts/refused.json:3:5: note: the case "a word for an id" is left out of the export: the client sends no request: it answers invalidRequest"#
            ), "\(run.stderr)")
        let text =
            format == "pact"
            ? String(decoding: try folder.read("out/dogpatch-app-lists.json"), as: UTF8.self)
            : String(decoding: try folder.read("out"), as: UTF8.self)
        #expect(text.contains("a copied list") || text.contains("/lists/{id}"), "\(text)")
        #expect(!text.contains("a word for an id"))
    }
}

/// Issue 46: every rendering names the key the decoder reads from the body, never a re-encoding.
@Suite("the keys the decoder reads")
struct WireKeyTests {
    @Test("a key whose snake-case round trip is not the identity is named as the bodies write it, in both exports")
    func irregularKey() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let list = try #require(
            (try WireExportTests.json(folder, "openapi.json")["components"] as? [String: [String: Any]])?["schemas"]?[
                "TodoList"] as? [String: Any])
        #expect(
            (list["properties"] as? [String: Any])?.keys.sorted() == [
                "due_on", "id", "iso_639_1", "name", "note", "parent", "urgency", "visibility",
            ])
        #expect(
            Set(try #require(list["required"] as? [String])) == ["id", "name", "iso_639_1", "visibility", "due_on"])
        let pact = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(pact.code == .success, "\(pact.stderr)")
        let written = try WireExportTests.json(folder, "pacts/dogpatch-app-lists.json")
        let rules = try WireExportTests.rules(written, "a copied list")
        #expect(rules["$.iso_639_1"] != nil && rules["$.parent.iso_639_1"] != nil, "\(rules.keys.sorted())")
        let text = String(decoding: try folder.read("pacts/dogpatch-app-lists.json"), as: UTF8.self)
        #expect(!text.contains("iso6391"))
    }
}

/// Issue 46: shapes from what the decoder accepts.
@Suite("shapes the decoder accepts")
struct WireShapeTests {
    @Test("a String and an Int enum are an enum of their raw values in OpenAPI and a regex of them in the pact")
    func enums() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let list = try #require(
            (try WireExportTests.json(folder, "openapi.json")["components"] as? [String: [String: Any]])?["schemas"]?[
                "TodoList"] as? [String: Any])
        let properties = try #require(list["properties"] as? [String: [String: Any]])
        #expect(properties["visibility"]?["enum"] as? [String] == ["private", "shared", "public"])
        let urgency = try #require(properties["urgency"]?["enum"] as? [Any])
        #expect(urgency.count == 4 && urgency.last is NSNull && (urgency.first as? Int) == 1, "\(urgency)")
        #expect((list["required"] as? [String])?.contains("visibility") == true)
        let pact = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(pact.code == .success, "\(pact.stderr)")
        let rules = try WireExportTests.rules(
            try WireExportTests.json(folder, "pacts/dogpatch-app-lists.json"), "a copied list")
        let matchers = try #require(rules["$.visibility"]?["matchers"] as? [[String: String]])
        #expect(matchers == [["match": "type"], ["match": "regex", "regex": "^(?:private|shared|public)$"]])
    }

    @Test("a formatted date is a string with the formatter's pattern in both exports; a number fails both")
    func formattedDate() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let list = try #require(
            (try WireExportTests.json(folder, "openapi.json")["components"] as? [String: [String: Any]])?["schemas"]?[
                "TodoList"] as? [String: Any])
        let dueOn = try #require((list["properties"] as? [String: [String: Any]])?["due_on"] as? [String: String])
        #expect(dueOn["type"] == "string" && dueOn["x-date-format"] == "yyyy-MM-dd", "\(dueOn)")
        // The day, and the white space the formatter (ICU) skips around it.
        let leading = #"[\t\n\u000B\u000C\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*"#
        let trailing = #"[\t \u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]*"#
        // The separators the formatter (ICU, lenient) reads in place of `-`: `2026/12/24` decodes.
        let day = leading + #"[0-9]{4}[\-/. ,][0-9]{2}[\-/. ,][0-9]{2}"# + trailing
        #expect(dueOn["pattern"] == "^" + day + #"(?![\s\S])"#)
        let pact = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(pact.code == .success, "\(pact.stderr)")
        let rules = try WireExportTests.rules(
            try WireExportTests.json(folder, "pacts/dogpatch-app-lists.json"), "a copied list")
        let matchers = try #require(rules["$.due_on"]?["matchers"] as? [[String: String]])
        #expect(matchers == [["match": "type"], ["match": "regex", "regex": "^" + day + "$"]])
        // `"due_on": 12345` is a number where both say a string, and its text is not a day's form.
        let regex = try NSRegularExpression(pattern: "^" + day + "$")
        #expect(regex.firstMatch(in: "12345", range: NSRange(location: 0, length: 5)) == nil)
        #expect(regex.firstMatch(in: "2026-12-24", range: NSRange(location: 0, length: 10)) != nil)
        #expect(regex.firstMatch(in: "2026/12.24", range: NSRange(location: 0, length: 10)) != nil)
        #expect(regex.firstMatch(in: "2026_12_24", range: NSRange(location: 0, length: 10)) == nil)
    }

    @Test("in a request body, a key the request model takes as null is null or its type in the pact")
    func nullInRequests() async throws {
        let folder = try SuiteFolder()
        // The page's create, its optional `notes` stated in the arguments and the body.
        let due = #""due_at": "2026-12-02T08:00:00Z" }"#
        try folder.write(
            "contracts/create.json",
            TodoApp.createContract.replacingOccurrences(
                of: due, with: #""due_at": "2026-12-02T08:00:00Z", "notes": "oat" }"#))
        try folder.write("Fixtures/created.json", TodoApp.created)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let pact = try WireExportTests.json(folder, "pacts/dogpatch-app-todos.json")
        let interaction = try #require((pact["interactions"] as? [[String: Any]])?.first)
        let request = try #require(interaction["request"] as? [String: Any])
        let rules = try #require((request["matchingRules"] as? [String: Any])?["body"] as? [String: [String: Any]])
        #expect(rules["$.notes"]?["combine"] as? String == "OR", "\(rules)")
        #expect((rules["$.notes"]?["matchers"] as? [[String: String]])?.last == ["match": "null"])
        #expect(rules["$.title"]?["combine"] == nil)
    }
}

/// Issue 46: each operation as the client calls it.
@Suite("operations as the client calls them")
struct WireOperationTests {
    @Test("a typed path parameter, an argument sent as a header, a query item's wire name and an API key in the query")
    func operation() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let run = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let document = try WireExportTests.json(folder, "openapi.json")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(paths.keys.sorted() == ["/lists/{id}"], "\(paths.keys.sorted())")
        let get = try #require(paths["/lists/{id}"]?["get"] as? [String: Any])
        let parameters = try #require(get["parameters"] as? [[String: Any]])
        let placed = parameters.map { "\($0["in"] ?? "") \($0["name"] ?? "")" }
        #expect(placed == ["path id", "query lang", "header If-Match"], "\(placed)")
        #expect((parameters.first?["schema"] as? [String: String]) == ["type": "integer"])
        #expect((get["responses"] as? [String: Any])?.keys.sorted() == ["200", "404"])
        #expect((get["security"] as? [[String: [String]]]) == [["api_key": []]])
        let schemes = try #require(
            (document["components"] as? [String: Any])?["securitySchemes"] as? [String: [String: String]])
        #expect(schemes["api_key"] == ["type": "apiKey", "in": "query", "name": "api_key"])
    }
}

/// Issue 46 with issue 49: a hole a contract states in its path is a path parameter of the operation.
@Suite("stated path holes in the operation")
struct StatedHoleOperationTests {
    @Test("a contract's stated path hole names the operation's path parameter")
    func statedHole() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/todos.json", TodoApp.fixture)
        try folder.write(
            "contracts/todos.json",
            """
            { "endpoint": "todos.list", "arguments": { "list": "home" },
              "request": { "method": "GET", "path": "/v1/{collection}/home/todos" },
              "cases": [ { "name": "two todos", "response": { "fixture": "todos.json" }, "expect": { "decodes": true } } ] }
            """)
        let run = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let paths = try #require(try WireExportTests.json(folder, "openapi.json")["paths"] as? [String: [String: Any]])
        #expect(paths.keys.sorted() == ["/{collection}/{list}/todos"], "\(paths.keys.sorted())")
        let parameters = try #require(
            (paths["/{collection}/{list}/todos"]?["get"] as? [String: Any])?["parameters"] as? [[String: Any]])
        // The stated hole is named as stated; the list's name, an argument's value, by its argument.
        #expect(parameters.map { $0["name"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["collection", "list"])
    }
}

/// Issue 46: the body the app sends, stated as the decoder reads the wire.
@Suite("request bodies as the decoder reads them")
struct WireRequestExportTests {
    /// The body rules of `lists.update`'s request in the lists' pact.
    static func requestRules(_ folder: borrowing SuiteFolder) throws -> [String: [String: Any]] {
        let pact = try WireExportTests.json(folder, "pacts/dogpatch-app-lists.json")
        let interaction = try #require(
            (pact["interactions"] as? [[String: Any]])?.first { $0["description"] as? String == "a renamed list" })
        let request = try #require(interaction["request"] as? [String: Any])
        #expect(request["method"] as? String == "PUT")
        return try #require((request["matchingRules"] as? [String: Any])?["body"] as? [String: [String: Any]])
    }

    /// A rule's matchers, each as its `match` and `regex`.
    static func matchers(_ rule: [String: Any]?) -> [[String: String]] {
        (rule?["matchers"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
    }

    @Test("the pact's request rules name the key as the body writes it (iso_639_1), at every depth")
    func renamedKey() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let rules = try Self.requestRules(folder)
        #expect(Self.matchers(rules["$.iso_639_1"]) == [["match": "type"]], "\(rules.keys.sorted())")
        #expect(Self.matchers(rules["$.parent.iso_639_1"]) == [["match": "type"]])
        #expect(!rules.keys.contains { $0.contains("iso6391") })
        #expect(
            Self.matchers(rules["$.visibility"]).last == ["match": "regex", "regex": "^(?:private|shared|public)$"])
        #expect(Self.matchers(rules["$.due_on"]).first == ["match": "type"])
    }

    @Test("a null the request model takes is null OR a rule that needs no example, an object's too")
    func nulls() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let rules = try Self.requestRules(folder)
        let anything = [["match": "regex", "regex": "^[\\s\\S]*$"], ["match": "null"]]
        // `note` and the copied list's `parent` are null in the body: any text (or any value) or null.
        #expect(Self.matchers(rules["$.note"]) == anything)
        #expect(Self.matchers(rules["$.parent.parent"]) == anything)
        #expect(rules["$.note"]?["combine"] as? String == "OR")
        // `urgency` is null: one of the enum's raw values, or null.
        #expect(Self.matchers(rules["$.urgency"]) == [["match": "regex", "regex": "^(?:1|2|3)$"], ["match": "null"]])
    }

    @Test("the OpenAPI operation's requestBody is the request model's component, keys as the body writes them")
    func openAPI() async throws {
        let folder = try SuiteFolder()
        try TodoApp.writeLists(into: folder)
        let run = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.wireCatalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let document = try WireExportTests.json(folder, "openapi.json")
        let put = try #require(
            (document["paths"] as? [String: [String: Any]])?["/lists/{id}"]?["put"] as? [String: Any])
        let body = try #require(put["requestBody"] as? [String: Any])
        let schema = (body["content"] as? [String: [String: Any]])?["application/json"]?["schema"] as? [String: String]
        #expect(schema == ["$ref": "#/components/schemas/TodoList"])
        #expect((put["responses"] as? [String: Any])?.keys.sorted() == ["200", "409"])
    }
}
