import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// Issue 47: the exports of a client that sends secrets from its configuration. The pact (the file
/// made for sharing) states a secret the contract states as a placeholder with a rule any value
/// matches, leaves out one it does not state, and holds no configured value; nor does the OpenAPI
/// document.
@Suite("export: no configured secret in a pact or an OpenAPI document")
struct SecretExportTests {
    @Test("export pact and openapi: the stated secrets are matchers, the unstated left out, no value anywhere")
    func noSecretExported() async throws {
        let folder = try SuiteFolder()
        try TodoApp.Secrets.write(into: folder)
        // A third contract states no request at all: the client's key and token are its own.
        try folder.write(
            "contracts/bare.json",
            #"{ "endpoint": "todos.search", "arguments": { "q": "tea" }, "cases": [ { "name": "two", "response": { "fixture": "search.json" }, "expect": { "decodes": true, "count": 2 } } ] }"#
        )
        let pact = await folder.runInProcess(
            ["export", "pact", "--out", "pacts"], catalogue: TodoApp.Secrets.catalogue)
        #expect(pact.code == .success, "\(pact.stdout)\(pact.stderr)")
        let openAPI = await folder.runInProcess(
            ["export", "openapi", "--out", "openapi.json"], catalogue: TodoApp.Secrets.catalogue)
        #expect(openAPI.code == .success, "\(openAPI.stdout)\(openAPI.stderr)")
        let pacts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("pacts").path)
        let pactText = try pacts.sorted().map { String(decoding: try folder.read("pacts/" + $0), as: UTF8.self) }
            .joined(separator: "\n")
        #expect(pactText.contains(#""query":{"api_key":["<any value>"]}"#), "\(pacts)")
        #expect(pactText.contains(#""$.refresh_token":{"matchers":[{"match":"regex""#), "\(pacts)")
        #expect(pactText.contains(#""query":{"access_token":["<any value>"],"q":["milk"]}"#), "\(pacts)")
        #expect(pactText.contains(#""query":{"q":["tea"]}"#), "\(pacts)")
        let leaks = TodoApp.Secrets.leaks(
            in: folder, streams: [pact.stdout, pact.stderr, openAPI.stdout, openAPI.stderr])
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
