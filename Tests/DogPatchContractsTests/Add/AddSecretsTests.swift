import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// Issue 47: `add` on a client that sends secrets from its configuration writes each, in a header,
/// the query or the body, as `true`: the contract it writes holds none, and still replays.
@Suite("add: secrets written as true")
struct AddSecretsTests {
    @Test("add writes the key, the token and the refresh body's secrets as true; the new cases pass")
    func secretsWrittenTrue() async throws {
        let folder = try SuiteFolder()
        try folder.write("session.json", TodoApp.Secrets.sessionFixture)
        try folder.write("search.json", TodoApp.Secrets.searchFixture)
        let refresh = await folder.runInProcess(
            [
                "add", "session.json", "--contract", "contracts/refresh.json", "--name", "refreshed", "--endpoint",
                "auth.refresh", "--arguments", #"{"username": "ada"}"#,
            ], catalogue: TodoApp.Secrets.catalogue)
        #expect(refresh.code == .success, "\(refresh.stdout)\(refresh.stderr)")
        let search = await folder.runInProcess(
            [
                "add", "search.json", "--contract", "contracts/search.json", "--name", "found", "--endpoint",
                "todos.search", "--arguments", #"{"q": "milk"}"#,
            ], catalogue: TodoApp.Secrets.catalogue)
        #expect(search.code == .success, "\(search.stdout)\(search.stderr)")
        let refreshContract = String(decoding: try folder.read("contracts/refresh.json"), as: UTF8.self)
        #expect(
            refreshContract.contains(
                #""query": { "api_key": true }, "headers": { "Content-Type": "application/json", "X-Api-Key": true }, "body": {"client_secret":true,"grant_type":"refresh_token","password":true,"refresh_token":true,"username":"ada"} }"#
            ), "\(refreshContract)")
        let searchContract = String(decoding: try folder.read("contracts/search.json"), as: UTF8.self)
        #expect(
            searchContract.contains(
                #""query": { "q": "milk", "access_token": true }, "headers": { "X-Api-Key": true }"#),
            "\(searchContract)")
        let verify = await folder.runInProcess(["verify"], catalogue: TodoApp.Secrets.catalogue)
        #expect(verify.code == .success, "\(verify.stdout)\(verify.stderr)")
        let leaks = TodoApp.Secrets.leaks(
            in: folder, streams: [refresh.stdout, refresh.stderr, search.stdout, search.stderr, verify.stdout])
        #expect(leaks.isEmpty, "\(leaks)")
    }

    /// A captured refresh as the app sent it: its real key in the query and header, its secrets in
    /// the body (not the tool's client's, which are the configuration's), for a user.
    static func capturedRefresh(username: String, number: Int) -> String {
        let body =
            #"{"grant_type":"refresh_token","refresh_token":"app-rt-\#(number)","client_secret":"app-cs","username":"\#(username)","password":"app-pw"}"#
        let quoted = String(decoding: (try? JSONSerialization.data(withJSONObject: [body])) ?? Data(), as: UTF8.self)
            .dropFirst().dropLast()
        return """
            {"startedDateTime": "2026-11-20T09:15:0\(number).000Z",
             "request": {"method": "POST", "url": "https://todo.example.com/v1/oauth/token?api_key=\(TodoApp.Secrets.apiKey)",
                         "headers": [{"name": "X-Api-Key", "value": "\(TodoApp.Secrets.apiKey)"}],
                         "postData": {"mimeType": "application/json", "text": \(quoted)}},
             "response": {"status": 200, "headers": [{"name": "content-type", "value": "application/json"}],
                          "content": {"size": 44, "mimeType": "application/json", "text": "{\\"token_type\\": \\"Bearer\\", \\"expires_in\\": 60}"}}}
            """
    }

    @Test("add --har takes a captured POST whatever the app's secrets, refuses one whose body is not the contract's")
    func captureMatchedBySecretsPresence() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).har")
        let archive =
            #"{"log": {"version": "1.2", "entries": ["#
            + Self.capturedRefresh(username: "ada", number: 1) + "," + Self.capturedRefresh(username: "bob", number: 2)
            + "]}}"
        try Data(archive.utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let run = await folder.runInProcess(
            ["add", "--har", outside.path, "--contract", "contracts/refresh.json"], catalogue: TodoApp.Secrets.catalogue
        )
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"entry 2: POST https://todo.example.com/v1/oauth/token: skipped: not the contract's request: its request body .username is "bob", the contract's is "ada""#
            ),
            "\(run.stderr)")
        let contract = String(decoding: try folder.read("contracts/refresh.json"), as: UTF8.self)
        #expect(contract.components(separatedBy: "\"recorded\"").count == 2, "\(contract)")
        let leaks = TodoApp.Secrets.leaks(in: folder, streams: [run.stdout, run.stderr])
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test("add --live writes the secrets as true, and its recorded URL and output without them")
    func liveSecretsWrittenTrue() async throws {
        let server = try LoopbackServer(routes: ["/v1/oauth/token": .json(TodoApp.Secrets.sessionFixture)])
        defer { server.stop() }
        let folder = try SuiteFolder()
        let run = await folder.runInProcess(
            [
                "add", "--live", "--allow-writes", "--contract", "contracts/refresh.json", "--endpoint",
                "auth.refresh", "--arguments", #"{"username": "ada"}"#, "--name", "refreshed", "--base-url",
                "auth=\(server.baseURL.absoluteString)v1/",
            ], catalogue: TodoApp.Secrets.catalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        // The server got the client's real secrets; nothing the tool wrote or printed has them.
        #expect(server.requests.first?.header("X-Api-Key") == TodoApp.Secrets.apiKey)
        let contract = String(decoding: try folder.read("contracts/refresh.json"), as: UTF8.self)
        #expect(contract.contains(#""query": { "api_key": true }"#), "\(contract)")
        #expect(
            contract.contains(#""url": "http://127.0.0.1:"#) && contract.contains(#"/v1/oauth/token""#), "\(contract)")
        let leaks = TodoApp.Secrets.leaks(in: folder, streams: [run.stdout, run.stderr])
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
