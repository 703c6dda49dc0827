import ContractTestSupport
import Foundation
import Testing

/// `add` on an endpoint that writes: the new contract's `request` block is learnt from the client
/// for the case's arguments, method, headers (a credential as presence only) and body, and the
/// case it adds verifies against it.
@Suite("add: the request a writing client sends")
struct AddRequestTests {
    @Test("add learns the method, the headers and the JSON body, never a credential's value")
    func learnsTheRequest() async throws {
        let folder = try SuiteFolder()
        try folder.write("created.json", TodoApp.created)
        let run = await folder.runInProcess(
            [
                "add", "created.json", "--contract", "contracts/create.json", "--name", "created", "--endpoint",
                "todos.create", "--arguments",
                #"{"list": "home", "todo": {"title": "Milk", "due_at": "2026-12-02T08:00:00Z"}}"#, "--status", "201",
                "--timeout", "60",
            ], catalogue: TodoApp.catalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS  contracts/create.json  created\n"), "\(run.stdout)")
        let contract = String(decoding: try folder.read("contracts/create.json"), as: UTF8.self)
        #expect(
            contract.contains(
                #""request": { "method": "POST", "path": "/v1/lists/home/todos", "query": {}, "headers": { "Authorization": true, "Content-Type": "application/json" }, "body": {"due_at":"2026-12-02T08:00:00Z","title":"Milk"} }"#
            ), "\(contract)")
        #expect(!contract.contains("contract-test"))
        let verify = await folder.runInProcess(["verify", "--timeout", "60"], catalogue: TodoApp.catalogue)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
