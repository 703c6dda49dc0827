import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// Issue 40: what a contract states of its request reaches both exports: the method its client
/// sends, the stated headers (a secret by presence alone, never its value) and the body, its
/// rules and its schema from the request model.
@Suite("export: the request a contract states")
struct RequestExportTests {
    static func export(_ format: SuiteExport.Format, out: String, _ folder: borrowing SuiteFolder) async throws
        -> SuiteExport.Outcome
    {
        let location = SuiteLocation(currentDirectory: folder.url)
        return try await SuiteExport.export(
            format, out: out, catalogue: TodoWrites.catalogue, options: VerifyOptions(), location: location,
            writer: SuiteWriter(root: location.root, temporaries: SuiteWriter.TemporaryFiles(), waiting: {}))
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        "a POST's pact: its method, the stated headers, a secret as a placeholder any value matches, and the body with the request model's rules"
    )
    func pact() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        guard case .pacts = try await Self.export(.pact(consumer: "app"), out: "pacts", folder) else {
            Issue.record("no pacts")
            return
        }
        let data = try folder.read("pacts/app-todos.json")
        #expect(!String(decoding: data, as: UTF8.self).contains("s3cret"))
        let interactions = try #require(try Self.json(data)["interactions"] as? [[String: Any]])
        let created = try #require(interactions.first { $0["description"] as? String == "created" })
        let request = try #require(created["request"] as? [String: Any])
        #expect(request["method"] as? String == "POST")
        #expect(request["path"] as? String == "/v1/lists/home/todos")
        let headers = try #require(request["headers"] as? [String: String])
        #expect(
            headers == [
                "Content-Type": "application/json", "Authorization": StatedRequest.placeholder,
                "X-Client-Version": "ios-7.1",
            ])
        let body = try #require(request["body"] as? [String: Any])
        let milk = try Self.json(Data(TodoWrites.milk.utf8))
        #expect(NSDictionary(dictionary: body).isEqual(to: milk))
        let rules = try #require(request["matchingRules"] as? [String: [String: [String: Any]]])
        func matchers(_ part: String, _ path: String) -> [[String: String]] {
            (rules[part]?[path]?["matchers"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
        }
        #expect(matchers("header", "Authorization") == [["match": "regex", "regex": "^[\\s\\S]*$"]])
        #expect(rules["header"]?.keys.sorted() == ["Authorization"])
        #expect(matchers("body", "$.title") == [["match": "type"]])
        #expect(matchers("body", "$.list_id").map { $0["match"] } == ["type", "regex"])
        #expect(matchers("body", "$.priority").first?["match"] == "number")
        #expect(matchers("body", "$.tags") == [["match": "type"]])
        #expect(matchers("body", "$.tags[*]") == [["match": "type"]])
        // A `null` the model takes is `null` OR the date's regex, so that a date sent there passes too.
        #expect(rules["body"]?["$.due_at"]?["combine"] as? String == "OR")
        #expect(matchers("body", "$.due_at").map { $0["match"] } == ["regex", "null"])
        // Both cases send one request: the refused one carries the same.
        let refused = try #require(interactions.first { $0["description"] as? String == "refused" })
        #expect(NSDictionary(dictionary: try #require(refused["request"] as? [String: Any])).isEqual(to: request))
    }

    @Test(
        "a POST's operation: under post beside the list's get, a requestBody of the request model, the stated headers, bearer"
    )
    func openAPI() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        guard case .document = try await Self.export(.openAPI, out: "openapi.json", folder) else {
            Issue.record("no document")
            return
        }
        let document = try Self.json(try folder.read("openapi.json"))
        let item = try #require((document["paths"] as? [String: Any])?["/lists/{list}/todos"] as? [String: Any])
        #expect((item["get"] as? [String: Any])?["operationId"] as? String == "todos.list")
        let post = try #require(item["post"] as? [String: Any])
        #expect(post["operationId"] as? String == "todos.create")
        let requestBody = try #require(post["requestBody"] as? [String: Any])
        #expect(requestBody["required"] as? Bool == true)
        let schema = (requestBody["content"] as? [String: [String: [String: String]]])?["application/json"]?["schema"]
        #expect(schema == ["$ref": "#/components/schemas/NewTodo"])
        let components = try #require(document["components"] as? [String: Any])
        let newTodo = try #require((components["schemas"] as? [String: Any])?["NewTodo"] as? [String: Any])
        #expect(Set(newTodo["required"] as? [String] ?? []) == ["title", "list_id", "priority", "tags"])
        let all = try #require(post["parameters"] as? [[String: Any]])
        // The list's name is the path's parameter, as in the list's get; the rest are headers.
        #expect(all.filter { $0["in"] as? String == "path" }.map { $0["name"] as? String } == ["list"])
        let parameters = all.filter { $0["in"] as? String != "path" }
        #expect(parameters.count == 1)
        #expect(parameters.first?["name"] as? String == "X-Client-Version")
        #expect(parameters.first?["in"] as? String == "header")
        #expect(parameters.first?["required"] as? Bool == true)
        #expect((parameters.first?["schema"] as? [String: String])?["const"] == "ios-7.1")
        #expect(post["security"] as? [[String: [String]]] == [["Authorization": []]])
        let schemes = try #require(components["securitySchemes"] as? [String: [String: String]])
        // The client sends `Authorization: Bearer …`: an http bearer scheme, never its token.
        #expect(schemes["Authorization"] == ["type": "http", "scheme": "bearer"])
        #expect(!String(decoding: try folder.read("openapi.json"), as: UTF8.self).contains("s3cret"))
    }
}
