import ContractTestSupport
import Foundation
import Testing

@Suite("explain, end to end")
struct ExplainCommandTests {
    @Test("a body with ignored keys: outcome, count, first records, the keys with their positions and a case")
    func ignoredKeys() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs/page.json", UnreadKeysCommandTests.dogsWithExtras)
        let run = await folder.runInProcess(["explain", "Fixtures/dogs/page.json", "--endpoint", "dogpatch.getDogs"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("outcome: decodes, 2 elements"))
        #expect(lines.contains(#"  [0]  name "Noodle", breed "Pug", id "11111111-2222-4333-8444-555555555555""#))
        #expect(lines.contains(#"  [1]  name "Olive", breed "Poodle", id "22222222-3333-4444-8555-666666666666""#))
        #expect(lines.contains("  Fixtures/dogs/page.json:4:60: [*].gender (2 occurrences)"))
        #expect(lines.contains("  Fixtures/dogs/page.json:8:4: [*].microchip (1 occurrence)"))
        #expect(lines.contains(#"      "response": { "fixture": "dogs/page.json" },"#))
        #expect(
            lines.contains(#"      "expect": { "decodes": true, "count": 2, "values": { "[0].name": "Noodle" } } }"#))
    }

    @Test("a body that fails to decode: the APIError with its path, line and column")
    func decodeFailure() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/missing-id.json", SampleSuite.dogsMissingID)
        let run = await folder.runInProcess(["explain", "Fixtures/missing-id.json", "--model", "[Dog]"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "outcome: jsonConversionFailure at [1].id\nFixtures/missing-id.json:5:3: error: [1].id: required key is missing\n"
            ))
        #expect(run.stdout.contains(#""expect": { "error": "jsonConversionFailure", "path": "[1].id" } }"#))
        #expect(!run.stdout.contains("ignored keys"))
    }

    @Test(
        "a file outside the fixtures folder is explained where it is, and the case names its place in the API's folder")
    func outsideFixtures() async throws {
        let folder = try SuiteFolder()
        try folder.write("Downloads/peru.json", #"[{"name": {"common": "Peru"}, "cca3": "PER", "region": "Americas"}]"#)
        let run = await folder.runInProcess([
            "explain", "\(folder.url.path)/Downloads/peru.json", "--endpoint", "countries.byName",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("outcome: decodes, 1 element\n"))
        #expect(run.stdout.contains(#"  [0]  name.common "Peru", cca3 "PER", region "Americas""#))
        #expect(run.stdout.contains("ignored keys: none; the [Country] model reads every key\n"))
        #expect(
            run.stdout.contains(
                "a case for it, once 'dogpatch-contracts add' has copied the body to Fixtures/countries/peru.json:"
            ), "\(run.stdout)")
        #expect(run.stdout.contains(#""response": { "fixture": "countries/peru.json" }"#))
        let model = try folder.run(["explain", "Downloads/peru.json", "--model", "[Country]"])
        #expect(model.stdout.contains(#""response": { "fixture": "countries/peru.json" }"#), "\(model.stdout)")
    }

    @Test("bad arguments and unreadable files exit 2 with a message")
    func refusals() async throws {
        let folder = try SuiteFolder()
        try folder.write("body.json", "[]")
        let noModel = await folder.runInProcess(["explain", "body.json"])
        #expect(noModel.status == 2)
        #expect(noModel.stderr.hasPrefix("error: explain needs --model"))
        let missing = await folder.runInProcess(["explain", "nothing.json", "--model", "Dog"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "nothing.json: error: fixture \"nothing.json\" does not exist\n")
        let mismatch = await folder.runInProcess([
            "explain", "body.json", "--model", "Dog", "--endpoint", "countries.all",
        ])
        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains(#"model "Dog" does not match endpoint "countries.all""#))
    }
}

/// Bodies piped in: `/dev/stdin`, process substitution and FIFOs.
@Suite("bodies from streams, end to end")
struct StreamBodyTests {
    @Test("explain reads a body piped to /dev/stdin")
    func explainStandardInput() throws {
        let folder = try SuiteFolder()
        let run = try folder.shell(
            #"printf '[{"name": {"common": "Peru"}}]' | "$TOOL" explain /dev/stdin --model '[Country]'"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix("/dev/stdin: 30 bytes as [Country]\noutcome: decodes, 1 element\n"), "\(run.stdout)")
    }

    @Test("add takes a piped body when --as names it, and asks for --as otherwise")
    func addStandardInput() throws {
        let folder = try SuiteFolder()
        let body = #"[{"name": {"common": "Peru"}}]"#
        let unnamed = try folder.shell(
            "printf '\(body)' | \"$TOOL\" add /dev/stdin --contract contracts/c.json --model '[Country]' --name peru")
        #expect(unnamed.status == 2)
        #expect(
            unnamed.stderr.contains("is a stream, not a file with a name; name the fixture with --as PATH"),
            "\(unnamed.stderr)")
        let named = try folder.shell(
            "printf '\(body)' | \"$TOOL\" add /dev/stdin --contract contracts/c.json --model '[Country]' --name peru --as countries/peru.json"
        )
        #expect(named.status == 0, "\(named.stderr)")
        #expect(String(decoding: try folder.read("Fixtures/countries/peru.json"), as: UTF8.self) == body)
    }

    @Test("a contract's fixture that is a FIFO is refused at once, without waiting for a writer")
    func fifoFixture() async throws {
        let folder = try SuiteFolder()
        #expect(mkfifo(folder.url.appendingPathComponent("Fixtures/dogs.json").path, 0o600) == 0)
        try folder.write(
            "contracts/c.json",
            #"{"model": "[Dog]", "cases": [{"name": "page", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}"#
        )
        let run = await folder.runInProcess(["verify"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "fixture \"Fixtures/dogs.json\" is not a regular file (a pipe, FIFO or device); save the body to a file"
            ), "\(run.stderr)")
    }
}

/// Issue 42, item 7: a model without `identifyingPaths` shows the same record, and `add` writes
/// the same `values`, in every run: the fields come from the body as received, in its order and
/// with its text, not from a re-encoded value whose key order `JSONEncoder` varies per process.
@Suite("a model without identifying paths, explained and added")
struct UnidentifiedModelTests {
    @Test("explain shows the body's first fields in the body's order, a lower-case UUID as sent")
    func explainReadsTheBody() async throws {
        let folder = try SuiteFolder()
        try TodoApp.MainQueue.write(into: folder)
        for _ in 1...3 {
            let run = await folder.runInProcess(
                ["explain", "Fixtures/todos.json", "--endpoint", "todos.list"], catalogue: TodoApp.MainQueue.catalogue)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            // Not sorted (done, due_at, id, ...) and not upper-cased, as the re-encoded value is.
            #expect(
                lines.contains(
                    #"  [0]  title "water the plants", priority 2, uid "7c9e6679-7425-40de-944b-e07fc1f90ae7""#),
                "\(run.stdout)")
            #expect(
                lines.contains(#"  [1]  title "call the vet", priority 1, uid "16fd2706-8baf-433b-82eb-8c7fada847da""#),
                "\(run.stdout)")
            #expect(run.stdout.contains(#""values": { "[0].title": "water the plants" }"#), "\(run.stdout)")
        }
    }

    @Test("add writes the body's first field as the case's value, and the case passes")
    func addReadsTheBody() async throws {
        let folder = try SuiteFolder()
        try TodoApp.MainQueue.write(into: folder)
        try folder.write(
            "Downloads/one.json",
            #"{"priority": 3, "uid": "0f8fad5b-d9cb-469f-a165-70867728950e", "title": "buy food", "id": 3, "done": false, "due_at": "2026-12-04T08:00:00Z"}"#
        )
        let run = await folder.runInProcess(
            ["add", "Downloads/one.json", "--contract", "contracts/one.json", "--model", "Todo", "--name", "one"],
            catalogue: TodoApp.MainQueue.catalogue)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let contract = String(decoding: try folder.read("contracts/one.json"), as: UTF8.self)
        #expect(contract.contains(#""values": { "priority": 3 }"#), "\(contract)")
        let id = await folder.runInProcess(
            ["add", "Downloads/one.json", "--contract", "contracts/id.json", "--model", "Todo", "--name", "id"],
            catalogue: TodoApp.MainQueue.catalogue)
        #expect(id.status == 0, "\(id.stderr)")
        let verify = await folder.runInProcess(["verify", "--strict"], catalogue: TodoApp.MainQueue.catalogue)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }
}
