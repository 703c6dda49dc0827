import ContractCatalogue
import ContractTestSupport
import ContractTool
import Foundation
import Testing

/// A client as an SDK writes it, described and replayed without wrappers: an error it answers
/// before sending, a call that returns nothing, an optional `Int` argument, status ranges, and a
/// model that is a class, only `Decodable`.
@Suite("the client as it really is")
struct ClientAsItIsTests {
    static let search = #"""
        { "endpoint": "todos.search", "arguments": { "q": "milk", "page": 2 },
          "request": { "method": "GET", "path": "/api/todos/search", "query": { "q": "milk", "page": "2" } },
          "cases": [
            { "name": "found", "response": { "body": "{\"items\": [], \"next\": 3}" },
              "expect": { "decodes": true, "values": { "next": 3 } } },
            { "name": "refused", "response": { "status": 400 }, "expect": { "error": "badRequest" } },
            { "name": "down", "response": { "status": 503 }, "expect": { "error": "server", "status": 503 } },
            { "name": "teapot", "response": { "status": 418 }, "expect": { "error": "unexpected", "status": 418 } },
            { "name": "empty", "response": { "status": 200 }, "expect": { "error": "unreadable" } },
            { "name": "broken", "response": { "body": "{\"next\": 1}" },
              "expect": { "error": "unreadable", "path": "items" } },
            { "name": "offline", "response": { "networkError": "notConnectedToInternet" },
              "expect": { "error": "offline" } }
          ] }
        """#

    static let firstPage = #"""
        { "endpoint": "todos.search", "arguments": { "q": "milk" },
          "request": { "path": "/api/todos/search", "query": { "q": "milk" } },
          "cases": [ { "name": "no page", "response": { "body": "{\"items\": []}" }, "expect": { "decodes": true } } ] }
        """#

    static let blank = """
        { "endpoint": "todos.search", "arguments": { "q": " " },
          "cases": [ { "name": "blank", "response": { "status": 400 }, "expect": { "error": "badRequest", "sent": false } } ] }
        """

    static let delete = #"""
        { "endpoint": "todos.delete", "arguments": { "id": 3 },
          "request": { "method": "DELETE", "path": "/api/todos/3", "headers": { "User-Agent": "todo-sdk/1.0" } },
          "cases": [
            { "name": "deleted", "response": { "status": 204 }, "expect": { "decodes": true } },
            { "name": "deleted, with a body", "response": { "body": "{\"ok\": true}" }, "expect": { "decodes": true } },
            { "name": "gone", "response": { "status": 404 }, "expect": { "error": "unexpected", "status": 404 } },
            { "name": "down", "response": { "status": 500 }, "expect": { "error": "server", "status": 500 } }
          ] }
        """#

    static func run(_ arguments: [String], _ files: [String: String], catalogue: Catalogue = TodoApp.ownCatalogue())
        async throws -> (status: Int32, stdout: String, stderr: String)
    {
        let folder = try SuiteFolder()
        for (path, text) in files { try folder.write(path, text) }
        let output = CapturedOutput()
        let status = await ContractTool.run(
            arguments: arguments, catalogue: catalogue, name: "todo-contracts", currentDirectory: folder.url,
            standardOutput: { output.standardOutput($0) }, standardError: { output.standardError($0) })
        return (status, output.stdout, output.stderr)
    }

    static let suite = [
        "contracts/search.json": search, "contracts/first-page.json": firstPage, "contracts/blank.json": blank,
        "contracts/delete.json": delete,
    ]

    @Test("the SDK's client passes as written: a check before sending, a Void delete, an optional Int page")
    func clientPasses() async throws {
        let run = try await Self.run(["verify", "--timeout", "60"], Self.suite)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("13 passed, 0 failed, 0 errors, 0 skipped"), "\(run.stdout)")
    }

    @Test("a client that sends the request it should refuse fails, naming the request, though 400 gives the same error")
    func sendingFails() async throws {
        let run = try await Self.run(
            ["verify", "--timeout", "60", "contracts/blank.json"], Self.suite,
            catalogue: TodoApp.ownCatalogue(checksQuery: false))
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "contracts/blank.json:2:74: error: expected badRequest before sending, so the client must send no request; it sent GET /api/todos/search?q=%20"
            ), "\(run.stderr)")
    }

    @Test("a client that answers another error before sending says so, not \"for HTTP 400\"")
    func wrongErrorBeforeSending() async throws {
        let offline = Self.blank.replacingOccurrences(of: #""error": "badRequest""#, with: #""error": "offline""#)
        let run = try await Self.run(["verify", "--timeout", "60"], ["contracts/blank.json": offline])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: client returned badRequest (Search query must not be empty) before sending; expected offline before sending"
            ),
            "\(run.stderr)")
        #expect(!run.stderr.contains("HTTP 400"), "\(run.stderr)")
    }

    @Test("\"sent\" takes false alone, and no status or path comes with it")
    func sentIsChecked() async throws {
        let contract = """
            { "endpoint": "todos.search", "arguments": { "q": "" },
              "cases": [
                { "name": "a", "response": { "status": 400 }, "expect": { "error": "badRequest", "sent": true } },
                { "name": "b", "response": { "status": 503 }, "expect": { "error": "server", "status": 503, "sent": false } },
                { "name": "c", "response": { "status": 200 }, "expect": { "decodes": true, "sent": false } }
              ] }
            """
        let run = try await Self.run(["verify"], ["contracts/sent.json": contract])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"contracts/sent.json:3:94: error: "sent": true is what every case without it expects; write "sent": false for an error the client answers before sending a request"#
            ), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"error: "status" comes from a response, and an error before sending ("sent": false) has none"#),
            "\(run.stderr)")
        #expect(run.stderr.contains(#"error: "sent" goes with "error", not with "decodes""#), "\(run.stderr)")
    }

    @Test("an integer argument is refused in another kind, and a delete that returns nothing takes no values")
    func argumentsAndVoidChecked() async throws {
        let page = Self.firstPage.replacingOccurrences(of: #""q": "milk" },"#, with: #""q": "milk", "page": "2" },"#)
        let delete = Self.delete.replacingOccurrences(
            of: #""status": 204 }, "expect": { "decodes": true }"#,
            with: #""status": 204 }, "expect": { "decodes": true, "values": { "ok": true } }"#)
        let run = try await Self.run(["verify"], ["contracts/page.json": page, "contracts/delete.json": delete])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(#"contracts/page.json:1:67: error: argument "page" must be an integer, found "2""#),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(#"error: "values" reads a decoded value, and "todos.delete" returns nothing"#),
            "\(run.stderr)")
    }

    @Test("the SDK's own transport is replayed as it is, on the URLSession the tool hands it, cases in parallel")
    func ownTransport() async throws {
        var files: [String: String] = [:]
        for index in 0..<6 {
            files["contracts/delete-\(index).json"] = Self.delete.replacingOccurrences(of: "3", with: "\(index + 10)")
        }
        let run = try await Self.run(["verify", "--timeout", "60", "--jobs", "4"], files)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("24 passed, 0 failed, 0 errors, 0 skipped"), "\(run.stdout)")
    }

    @Test("a case that outlasts the timeout on the app's own session says the timeout")
    func ownTransportTimeout() async throws {
        let slow = """
            { "endpoint": "todos.delete", "arguments": { "id": 3 },
              "cases": [ { "name": "slow", "response": { "status": 204, "delayMs": 3000 }, "expect": { "decodes": true } } ] }
            """
        let slowSearch = Self.firstPage.replacingOccurrences(
            of: #"{ "body": "{\"items\": []}" }"#, with: #"{ "body": "{\"items\": []}", "delayMs": 3000 }"#)
        let run = try await Self.run(
            ["verify", "--timeout", "1"], ["contracts/delete.json": slow, "contracts/search.json": slowSearch])
        #expect(run.status == 1)
        #expect(run.stdout.contains("0 passed, 2 failed"), "\(run.stdout)")
        // Through the app's own session and through call.data alike: the timeout, never the
        // transport error the client made of it.
        #expect(run.stderr.components(separatedBy: "did not run within 1 s").count == 3, "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "longer than the 1 s timeout").count == 3, "\(run.stderr)")
        #expect(!run.stderr.contains("client returned"), "\(run.stderr)")
    }

    @Test("coverage asks each endpoint only what its rules reach, in its words, once: one gap, the delete's outage")
    func coverageInTheEndpointsWords() async throws {
        let run = try await Self.run(["verify", "--timeout", "60", "--require-coverage"], Self.suite)
        #expect(run.status == 1)
        let gaps = run.stderr.split(separator: "\n").filter { $0.contains("no replayed case") }
        #expect(
            gaps == [
                "todo-contracts: error: todos.delete: no replayed case reaches offline network error",
                "todo-contracts: error: todos.delete: no replayed case reaches an error before sending",
            ], "\(run.stderr)")
        let withOutage = Self.suite.merging([
            "contracts/delete-offline.json": Self.deleteOffline, "contracts/delete-nothing.json": Self.deleteNothing,
        ]) { $1 }
        let covered = try await Self.run(["verify", "--timeout", "60", "--require-coverage"], withOutage)
        #expect(covered.status == 0, "\(covered.stdout)\(covered.stderr)")
    }

    @Test("coverage in the endpoints' words: decode is taken, each column headed once, no line said twice")
    func coverageWordsOnce() async throws {
        let run = try await Self.run(["verify", "--timeout", "60", "--coverage", "--require-coverage"], Self.suite)
        let lines = (run.stdout + run.stderr).split(separator: "\n").filter { !$0.isEmpty }
        #expect(Set(lines).count == lines.count, "a line said twice:\n\(run.stdout)\(run.stderr)")
        // The search's empty body and undecodable one are both unreadable: one column says it.
        let head = try #require(lines.first { $0.hasPrefix("coverage ") }).split(separator: " ")
        #expect(Set(head).count == head.count, "\(head)")
        #expect(head.filter { $0 == "unreadable" }.count == 1, "\(head)")
        #expect(!run.stderr.contains("()"), "\(run.stderr)")
        let decode = try await Self.run(["verify", "--timeout", "60", "--require-coverage=decode,5xx"], Self.suite)
        #expect(decode.status == 0, "\(decode.stdout)\(decode.stderr)")
        let unknown = try await Self.run(["verify", "--require-coverage=decodes"], Self.suite)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains(#"found "decodes""#), "\(unknown.stderr)")
    }

    @Test("export pact keeps a call that returns nothing: its status, and no body")
    func voidExported() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/delete.json", Self.delete)
        let run = await folder.runInProcess(
            ["export", "pact", "--out", "pacts"], catalogue: TodoApp.ownCatalogue())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote pacts/dogpatch-app-todos.json: 4 interactions"), "\(run.stdout)")
        #expect(!run.stderr.contains("left out"), "\(run.stderr)")
        let pact = String(decoding: try folder.read("pacts/dogpatch-app-todos.json"), as: UTF8.self)
        let compact = pact.filter { !$0.isWhitespace }
        #expect(compact.contains(#""response":{"status":204}"#), "\(pact)")
    }

    @Test("a class model whose == is its identity is held to the response by its JSON, in verify and mutate")
    func classModelComparedByJSON() async throws {
        let contract = #"""
            { "endpoint": "todos.list",
              "cases": [ { "name": "two", "response": { "body": "[{\"id\": 1, \"title\": \"milk\", \"note\": \"oat\"}, {\"id\": 2, \"title\": \"bread\"}]" },
                           "expect": { "decodes": true, "count": 2 } } ] }
            """#
        let files = ["contracts/list.json": contract]
        let right = try await Self.run(["verify", "--timeout", "60"], files, catalogue: TodoApp.Classes.catalogue())
        #expect(right.status == 0, "\(right.stdout)\(right.stderr)")
        // Every mutant that decodes is another decode of its body: never `==` by identity.
        let mutated = try await Self.run(["mutate", "--timeout", "60"], files, catalogue: TodoApp.Classes.catalogue())
        #expect(mutated.stdout.contains("PASS  contracts/list.json  two › [*].note removed"), "\(mutated.stdout)")
        #expect(!mutated.stderr.contains("expected a decoded [Todo]"), "\(mutated.stderr)")
        let wrong = try await Self.run(
            ["verify", "--timeout", "60"], files, catalogue: TodoApp.Classes.catalogue(shouts: true))
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.contains(
                #"contracts/list.json:3:26: error: client decoded another [Todo] than this response holds: [0].title is "MILK", the response's "milk""#
            ), "\(wrong.stderr)")
    }

    @Test("a model that is only Decodable is held to the response by its reflection, its values read from the body")
    func decodableModelComparedByReflection() async throws {
        let contract = #"""
            { "endpoint": "todos.search", "arguments": { "q": "milk" },
              "cases": [ { "name": "more to come", "response": { "body": "{\"items\": [], \"next\": 2}" },
                           "expect": { "decodes": true, "values": { "next": 2 } } } ] }
            """#
        let files = ["contracts/search.json": contract]
        let right = try await Self.run(["verify", "--timeout", "60"], files)
        #expect(right.status == 0, "\(right.stdout)\(right.stderr)")
        let wrong = try await Self.run(
            ["verify", "--timeout", "60"], files, catalogue: TodoApp.ownCatalogue(forgetsNext: true))
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.contains(
                #"contracts/search.json:3:26: error: client decoded another SearchPage than this response holds (by the model's properties, as it is only Decodable): next is null, the response's 2"#
            ), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("cannot encode"), "\(wrong.stderr)")
    }

    static let deleteNothing = """
        { "endpoint": "todos.delete",
          "cases": [ { "name": "no id", "response": { "status": 400 }, "expect": { "error": "badRequest", "sent": false } } ] }
        """

    static let deleteOffline = """
        { "endpoint": "todos.delete", "arguments": { "id": 3 },
          "cases": [ { "name": "offline", "response": { "networkError": "timedOut" }, "expect": { "error": "offline" } } ] }
        """

    @Test("ignoredKeys takes patterns: *_url at any depth, * for one key of a path")
    func ignoredKeyPatterns() async throws {
        let body = #"{\"items\": [], \"html_url\": \"a\", \"meta\": {\"api_url\": \"b\", \"page\": 1}}"#
        let contract = """
            { "endpoint": "todos.search", "arguments": { "q": "milk" }, "ignoredKeys": IGNORED,
              "cases": [ { "name": "found", "response": { "body": "\(body)" }, "expect": { "decodes": true } } ] }
            """
        let noted = try await Self.run(
            ["verify", "--no-replay"], ["contracts/s.json": contract.replacingOccurrences(of: "IGNORED", with: "[]")])
        #expect(
            noted.stderr.contains("warning: html_url: the SearchPage model never reads this key"), "\(noted.stderr)")
        let patterns = contract.replacingOccurrences(of: "IGNORED", with: #"["*_url", "meta"]"#)
        let run = try await Self.run(["verify", "--no-replay", "--strict"], ["contracts/s.json": patterns])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let partial = contract.replacingOccurrences(of: "IGNORED", with: #"["html_*"]"#)
        let left = try await Self.run(["verify", "--no-replay"], ["contracts/s.json": partial])
        #expect(!left.stderr.contains("html_url"), "\(left.stderr)")
        #expect(left.stderr.contains("warning: meta: the SearchPage model never reads this key"), "\(left.stderr)")
        // A pattern that quiets nothing is named where it is written; one that does is not.
        let stale = contract.replacingOccurrences(of: "IGNORED", with: #"["*_url", "meta", "[*].links.*"]"#)
        let warned = try await Self.run(["verify", "--no-replay", "--strict"], ["contracts/s.json": stale])
        #expect(warned.status == 0, "\(warned.stdout)\(warned.stderr)")
        #expect(
            warned.stderr.contains(
                #"contracts/s.json:1:94: warning: ignoredKeys: "[*].links.*" matches no key of any body of this contract"#
            ), "\(warned.stderr)")
        #expect(warned.stderr.components(separatedBy: "ignoredKeys:").count == 2, "\(warned.stderr)")
    }

    @Test("a delete's success is the status's: a client that reads the body as a model fails on it")
    func voidSuccessIsTheStatus() async throws {
        // The prediction reads no body: a 2xx with any body is success, and the export tells no model.
        let run = try await Self.run(
            ["verify", "--no-replay"],
            [
                "contracts/delete.json": Self.delete.replacingOccurrences(
                    of: #""status": 404 }, "expect": { "error": "unexpected", "status": 404 }"#,
                    with: #""status": 404 }, "expect": { "decodes": true }"#)
            ])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: expected success, but a correct client gets unexpected(404) from this response"),
            "\(run.stderr)")
    }
}
