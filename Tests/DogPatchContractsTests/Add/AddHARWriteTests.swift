import ContractTestSupport
import Foundation
import Testing

/// `add --har` on an endpoint that writes: a POST entry is the contract's request when the client
/// sends POST to that path, and becomes a fixture and a case; a GET entry to the same path is not.
@Suite("add --har: entries that write")
struct AddHARWriteTests {
    /// A text as a JSON string.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static let archive = """
        {"log": {"version": "1.2", "creator": {"name": "mitmproxy", "version": "11.0.2"}, "entries": [
          {"startedDateTime": "2026-11-23T22:41:24.697870+00:00", "time": 12,
           "request": {"method": "GET", "url": "https://todo.example.com/v1/lists/home/todos", "httpVersion": "HTTP/1.1",
             "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
           "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [],
             "content": {"size": 2, "mimeType": "application/json", "text": "[]"}, "redirectURL": "", "headersSize": -1, "bodySize": 2},
           "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}},
          {"startedDateTime": "2026-11-23T22:41:25.000000+00:00", "time": 15,
           "request": {"method": "POST", "url": "https://todo.example.com/v1/lists/home/todos", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Authorization", "value": "Bearer s3cret-t0ken"}],
             "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 36,
             "postData": {"mimeType": "application/json", "text": "{\\"title\\":\\"buy bread\\",\\"due_at\\":\\"2026-12-02T08:00:00Z\\"}"}},
           "response": {"status": 201, "statusText": "Created", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Set-Cookie", "value": "session=s3cret"}], "cookies": [],
             "content": {"size": 10, "mimeType": "application/json", "text": \(quoted(TodoApp.created))},
             "redirectURL": "", "headersSize": -1, "bodySize": 10},
           "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}
        ]}}
        """

    @Test("a POST entry becomes a recorded case of the create contract; no secret is written")
    func takesPOST() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/create.json", TodoApp.createContract)
        try folder.write("Fixtures/created.json", TodoApp.created)
        try folder.write("session.har", Self.archive)
        let run = await folder.runInProcess(
            [
                "add", "--har", "session.har", "--contract", "contracts/create.json", "--name", "milk from the proxy",
                "--timeout", "60",
            ],
            catalogue: TodoApp.catalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("captured POST https://todo.example.com/v1/lists/home/todos (HTTP 201"), "\(run.stdout)"
        )
        #expect(run.stdout.contains("PASS  contracts/create.json  milk from the proxy\n"), "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "entry 1: GET https://todo.example.com/v1/lists/home/todos: skipped: not the contract's request: GET is not POST"
            ),
            "\(run.stderr)")
        let contract = String(decoding: try folder.read("contracts/create.json"), as: UTF8.self)
        #expect(contract.contains(#""name": "milk from the proxy""#), "\(contract)")
        #expect(!contract.contains("s3cret"))
    }
}
