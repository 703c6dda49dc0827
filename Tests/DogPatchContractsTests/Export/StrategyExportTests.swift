import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

/// Issue 42, item 4: both exports render an app's model as its decoder reads it, whatever the
/// decoder's strategies: the keys a body writes (`due_at`, not the model's `dueAt`) and an ISO 8601
/// date as a string held to the decoder's pattern, so the OpenAPI document, the pact and the
/// app agree on an app's model as they do on the built-in ones.
@Suite("exports under the decoder's strategies")
struct StrategyExportTests {
    /// What JSON Schema and Pact hold an ISO 8601 date to: the text the tool writes, read back.
    static func pattern(of text: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: text)
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the first match covers the whole text, as Pact's verifier holds a value to a regex.
    static func matchesWholly(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: whole)?.range == whole
    }

    @Test("export openapi names the body's keys and types an ISO 8601 date as a string with its pattern")
    func openAPI() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Shared.write(into: folder)
        let run = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.Shared.catalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: try folder.read("openapi.json")) as? [String: Any])
        let todo = try #require(
            (document["components"] as? [String: [String: Any]])?["schemas"]?["Todo"] as? [String: Any])
        let properties = try #require(todo["properties"] as? [String: [String: Any]])
        #expect(properties.keys.sorted() == ["created_at", "done", "due_at", "id", "notes", "owner", "tags", "title"])
        #expect(
            Set(try #require(todo["required"] as? [String])) == [
                "id", "title", "done", "due_at", "created_at", "owner", "tags",
            ])
        for key in ["due_at", "created_at"] {
            let date = try #require(properties[key])
            #expect(date["type"] as? String == "string", "\(key): \(date)")
            #expect(date["format"] as? String == "date-time")
            let pattern = try Self.pattern(of: try #require(date["pattern"] as? String))
            #expect(Self.matches(pattern, "2025-06-01T09:00:00Z") && Self.matches(pattern, "2025-05-30T18:30:00+02:00"))
            #expect(!Self.matches(pattern, "2025-06-01") && !Self.matches(pattern, "1748768400"))
        }
        #expect(properties["notes"]?["type"] as? [String] == ["string", "null"])
        let owner = try #require(properties["owner"]?["properties"] as? [String: [String: Any]])
        #expect(owner.keys.sorted() == ["joined_at", "user_name"])
        #expect(owner["joined_at"]?["type"] as? [String] == ["string", "null"])
        #expect(owner["joined_at"]?["pattern"] as? String == properties["due_at"]?["pattern"] as? String)
        #expect(properties["tags"]?["type"] as? String == "array")
    }

    @Test("export pact keeps the body's keys and holds an ISO 8601 date to a type rule and the decoder's regex")
    func pact() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Shared.write(into: folder)
        let run = await folder.runInProcess(
            ["export", "pact", "--out", "pacts", "--consumer", "todo-app"], catalogue: TodoApp.Shared.catalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let pact = try #require(
            try JSONSerialization.jsonObject(with: try folder.read("pacts/todo-app-todos.json")) as? [String: Any])
        let interaction = try #require((pact["interactions"] as? [[String: Any]])?.first)
        let response = try #require(interaction["response"] as? [String: Any])
        let body = try #require(response["body"] as? [[String: Any]])
        // The first to-do, cut to what the model requires and what the case's values name.
        #expect(
            try #require(body.first).keys.sorted() == ["created_at", "done", "due_at", "id", "owner", "tags", "title"])
        #expect((body.first?["owner"] as? [String: Any])?.keys.sorted() == ["joined_at", "user_name"])
        let rules = try #require((response["matchingRules"] as? [String: Any])?["body"] as? [String: [String: Any]])
        for path in ["$[*].due_at", "$[*].created_at", "$[*].owner.joined_at"] {
            let matchers = try #require(
                rules[path]?["matchers"] as? [[String: String]], "\(path) in \(rules.keys.sorted())")
            #expect(matchers.first == ["match": "type"], "\(path)")
            let regex = try Self.pattern(of: try #require(matchers.last?["regex"]))
            // The recorded dates pass their own pact, an offset's last digit and all.
            for recorded in ["2025-05-31T08:00:00.250Z", "2025-05-30T18:30:00+02:00", "2024-01-02T03:04:05Z"] {
                #expect(Self.matchesWholly(regex, recorded), "\(recorded)")
            }
            #expect(!Self.matches(regex, "2025-05-31") && !Self.matches(regex, "31/05/2025"))
        }
        #expect(
            rules.keys.allSatisfy { !$0.contains("dueAt") && !$0.contains("createdAt") && !$0.contains("userName") })
        #expect(rules["$[*].owner.user_name"] != nil && rules["$[*].id"] != nil)
    }

    /// The to-do list read by a decoder whose dates are a closure the tool cannot read.
    static let customDates: Catalogue = {
        let model = ModelDescriptor(
            [TodoApp.Shared.Todo].self, name: "[Todo]",
            makeDecoder: {
                let decoder = TodoApp.makeDecoder()
                decoder.dateDecodingStrategy = .custom { decoder in
                    let text = try decoder.singleValueContainer().decode(String.self)
                    return Date(timeIntervalSince1970: Double(text.count))
                }
                return decoder
            }, makeEncoder: TodoApp.makeEncoder)
        let endpoint = Endpoint(
            name: TodoApp.list.name, model: model, parameters: TodoApp.Shared.list.parameters,
            baseURL: TodoApp.serverURL,
            errors: .todo, rules: .todoList
        ) { call in
            TodoApp.Shared.list.call(call)
        }
        return Catalogue(endpoints: [endpoint], models: [model])
    }()

    /// A to-do whose `notes` must be present and may be `null`.
    struct Noted: Codable, Equatable, Sendable {
        let title: String
        let notes: String?
        enum CodingKeys: String, CodingKey { case title, notes }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            notes = try container.decode(String?.self, forKey: .notes)
        }
    }

    /// The to-do list read as `[Noted]`.
    static let noted: Catalogue = {
        let model = ModelDescriptor(
            [Noted].self, name: "[Noted]", makeDecoder: TodoApp.makeDecoder, makeEncoder: TodoApp.makeEncoder)
        let endpoint = Endpoint(
            name: TodoApp.list.name, model: model, parameters: TodoApp.Shared.list.parameters,
            baseURL: TodoApp.serverURL,
            errors: .todo, rules: .todoList
        ) { call in
            TodoApp.Shared.list.call(call)
        }
        return Catalogue(endpoints: [endpoint], models: [model])
    }()

    @Test("a key the model requires and takes as null is required and nullable in both exports, null kept in the pact")
    func requiredNull() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Shared.write(into: folder)
        let openAPI = await folder.runInProcess(["export", "openapi", "--out", "openapi.json"], catalogue: Self.noted)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: try folder.read("openapi.json")) as? [String: Any])
        let noted = try #require(
            (document["components"] as? [String: [String: Any]])?["schemas"]?["Noted"] as? [String: Any])
        #expect(Set(noted["required"] as? [String] ?? []) == ["title", "notes"])
        let note = (noted["properties"] as? [String: [String: Any]])?["notes"]
        #expect(note?["type"] as? [String] == ["string", "null"], "\(note ?? [:])")
        let pact = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: Self.noted)
        #expect(pact.code == .success, "\(pact.stderr)")
        let written = try #require(
            try JSONSerialization.jsonObject(with: try folder.read("pacts/dogpatch-app-todos.json")) as? [String: Any])
        let rules = try WireExportTests.rules(written, "two todos")
        #expect(rules["$[*].notes"]?["combine"] as? String == "OR", "\(rules)")
        #expect(
            rules["$[*].notes"]?["matchers"] as? [[String: String]] == [
                ["match": "regex", "regex": "^[\\s\\S]*$"], ["match": "null"],
            ])
        let text = String(decoding: try folder.read("pacts/dogpatch-app-todos.json"), as: UTF8.self)
        #expect(text.contains(#""notes":null"#), "\(text)")
    }

    /// The to-do list read by a decoder whose date closure reads a number or any text.
    static let eitherDates: Catalogue = {
        let model = ModelDescriptor(
            [TodoApp.Shared.Todo].self, name: "[Todo]",
            makeDecoder: {
                let decoder = TodoApp.makeDecoder()
                decoder.dateDecodingStrategy = .custom { decoder in
                    let container = try decoder.singleValueContainer()
                    if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
                    return Date(timeIntervalSince1970: Double(try container.decode(String.self).count))
                }
                return decoder
            }, makeEncoder: TodoApp.makeEncoder)
        let endpoint = Endpoint(
            name: TodoApp.list.name, model: model, parameters: TodoApp.Shared.list.parameters,
            baseURL: TodoApp.serverURL,
            errors: .todo, rules: .todoList
        ) { call in
            TodoApp.Shared.list.call(call)
        }
        return Catalogue(endpoints: [endpoint], models: [model])
    }()

    @Test(
        "a date whose form cannot be learnt is a warning at the case naming the path, and the key is still required",
        arguments: ["openapi", "pact"])
    func unlearntDate(format: String) async throws {
        let folder = try SuiteFolder()
        try TodoApp.Shared.write(into: folder)
        try folder.write(
            "Fixtures/todos.json",
            """
            [{"id": 1, "title": "t", "done": false, "due_at": "tomorrow", "created_at": 1700000000, "notes": null,
              "owner": {"user_name": "ada"}, "tags": []}]
            """)
        let run = await folder.runInProcess(["export", format, "--out", "out"], catalogue: Self.eitherDates)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"contracts/todos.json:2:3: warning: the model "Todo" reads a date at "[*].due_at" whose form cannot be learnt (the suite's bodies hold it both as a string and as a number): both exports accept any value there, and require the key where the model does (the case "two todos" reads it)"#
            ), "\(run.stderr)")
        if format == "openapi" {
            let document = try #require(
                try JSONSerialization.jsonObject(with: try folder.read("out")) as? [String: Any])
            let todo = try #require(
                (document["components"] as? [String: [String: Any]])?["schemas"]?["Todo"] as? [String: Any])
            #expect((todo["required"] as? [String])?.contains("due_at") == true)
            #expect((todo["properties"] as? [String: [String: Any]])?["due_at"]?.isEmpty == true)
        } else {
            let written = try #require(
                try JSONSerialization.jsonObject(with: try folder.read("out/dogpatch-app-todos.json")) as? [String: Any]
            )
            let rules = try WireExportTests.rules(written, "two todos")
            #expect(
                rules["$[*].due_at"]?["matchers"] as? [[String: String]] == [
                    ["match": "regex", "regex": "^[\\s\\S]*$"]
                ], "\(rules)")
        }
        let strict = await folder.runInProcess(
            ["export", format, "--out", "strict", "--strict"], catalogue: Self.eitherDates)
        #expect(strict.code == .invalid, "\(strict.stderr)")
    }

    @Test("a date under a custom strategy that reads any text is a string in both exports, as the bodies show")
    func customDates() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Shared.write(into: folder)
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: Self.customDates)
        #expect(openAPI.code == .success, "\(openAPI.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: try folder.read("openapi.json")) as? [String: Any])
        let todo = try #require(
            (document["components"] as? [String: [String: Any]])?["schemas"]?["Todo"] as? [String: Any])
        let properties = try #require(todo["properties"] as? [String: [String: Any]])
        #expect(properties["due_at"] as? [String: String] == ["type": "string"], "\(properties["due_at"] ?? [:])")
        let pact = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: Self.customDates)
        #expect(pact.code == .success, "\(pact.stderr)")
        let written = try #require(
            try JSONSerialization.jsonObject(with: try folder.read("pacts/dogpatch-app-todos.json")) as? [String: Any])
        let rules = try WireExportTests.rules(written, "two todos")
        #expect(rules["$[*].created_at"]?["matchers"] as? [[String: String]] == [["match": "type"]], "\(rules)")
        #expect(rules["$[*].owner.user_name"] != nil)
    }
}
