import ContractTestSupport
import Foundation
import Testing

@Suite("add, end to end")
struct AddCommandTests {
    @Test("a body from outside is copied in, a new contract is created, and the case is verified")
    func createsContract() async throws {
        let folder = try SuiteFolder()
        try folder.write("Downloads/peru.json", #"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#)
        let run = await folder.runInProcess([
            "add", "Downloads/peru.json", "--contract", "contracts/countries/peru.json", "--endpoint",
            "countries.byName",
            "--arguments", #"{"name": "peru"}"#, "--name", "peru",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                copied Downloads/peru.json to Fixtures/countries/peru/peru.json
                created contracts/countries/peru.json with case "peru"
                no --expect given: recorded the observed outcome, a decoded [Country] of 1 element
                PASS  contracts/countries/peru.json  peru
                1 passed, 0 failed, 0 errors, 0 skipped

                """)
        // Issue 32, finding 11: in the contract's own folder, where add --live and --har put theirs.
        #expect(try folder.read("Fixtures/countries/peru/peru.json") == folder.read("Downloads/peru.json"))
        // Issue 32, finding 11: the new contract states the request the client sends, so replay checks it.
        let contract = String(decoding: try folder.read("contracts/countries/peru.json"), as: UTF8.self)
        #expect(
            contract.contains(#""request": { "method": "GET", "path": "/v3.1/name/peru", "query": {} }"#),
            "\(contract)")
        let spaced = await folder.runInProcess([
            "add", "Downloads/peru.json", "--contract", "contracts/countries/us.json", "--endpoint", "countries.byName",
            "--arguments", #"{"name": "united states", "fullText": true}"#, "--name", "us",
        ])
        #expect(spaced.status == 0, "\(spaced.stderr)")
        #expect(
            String(decoding: try folder.read("contracts/countries/us.json"), as: UTF8.self).contains(
                #""request": { "method": "GET", "path": "/v3.1/name/united%20states", "query": { "fullText": "true" } }"#
            ))
        let verify = await folder.runInProcess(["verify", "--strict"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(
            verify.cases("PASS") == [
                "PASS  contracts/countries/peru.json  peru", "PASS  contracts/countries/us.json  us",
            ])
    }

    @Test("a new contract names the suite's JSON Schema only where that file is")
    func schemaOnlyWhereItIs() async throws {
        let folder = try SuiteFolder()
        try folder.write("Downloads/peru.json", #"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#)
        func add(_ contract: String) async throws -> String {
            let run = await folder.runInProcess([
                "add", "Downloads/peru.json", "--contract", contract, "--model", "[Country]", "--name", "peru",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return String(decoding: try folder.read(contract), as: UTF8.self)
        }
        let without = try await add("contracts/countries/first.json")
        #expect(!without.contains("$schema"), "no schema/contract.schema.json in the suite: \(without)")
        try folder.write("schema/contract.schema.json", "{}")
        let with = try await add("contracts/countries/second.json")
        #expect(with.hasPrefix("{\n  \"$schema\": \"../../schema/contract.schema.json\",\n"), "\(with)")
    }

    @Test("a case appended to an existing contract leaves every byte before it as it was")
    func appends() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let before = try folder.read("contracts/good.json")
        let run = await folder.runInProcess([
            "add", "Fixtures/dogs.json", "--contract", "contracts/good.json", "--name", "teapot", "--status", "418",
            "--expect", "responseUnsuccessful",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "added case \"teapot\" to contracts/good.json (5 cases)\nPASS  contracts/good.json  teapot\n"))
        let after = String(decoding: try folder.read("contracts/good.json"), as: UTF8.self)
        let original = String(decoding: before, as: UTF8.self)
        let cut = try #require(original.range(of: "\"expect\": { \"error\": \"responseUnsuccessful\" } }"))
        #expect(after.hasPrefix(String(original[..<cut.upperBound])))
        #expect(
            after.contains(
                """
                    { "name": "teapot",
                      "response": { "status": 418, "fixture": "dogs.json" },
                      "expect": { "error": "responseUnsuccessful", "status": 418 } }
                  ]
                }
                """))
        let verify = await folder.runInProcess(["verify"])
        #expect(verify.status == 0)
        #expect(verify.cases("PASS").count == 5)
    }

    @Test("a duplicate case name is refused and the contract is left alone")
    func duplicateName() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let before = try folder.read("contracts/good.json")
        let run = await folder.runInProcess([
            "add", "Fixtures/dogs.json", "--contract", "contracts/good.json", "--name", "offline",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr == "error: contracts/good.json already has a case named \"offline\"; choose another --name\n")
        #expect(try folder.read("contracts/good.json") == before)
    }

    @Test("a different file already at the fixture's place is never overwritten")
    func differentFixture() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Fixtures/good/dogs.json", SampleSuite.dogs)
        try folder.write("elsewhere/dogs.json", "[]")
        let before = try folder.read("contracts/good.json")
        let run = await folder.runInProcess([
            "add", "elsewhere/dogs.json", "--contract", "contracts/good.json", "--name", "empty",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "Fixtures/good/dogs.json already exists with different content; keep it and choose another name with --as PATH"
            ), "\(run.stderr)")
        #expect(try folder.read("Fixtures/good/dogs.json") == Data(SampleSuite.dogs.utf8))
        #expect(try folder.read("contracts/good.json") == before)
        let renamed = await folder.runInProcess([
            "add", "elsewhere/dogs.json", "--contract", "contracts/good.json", "--name", "empty", "--as",
            "dogs/empty.json",
        ])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(
            renamed.stdout.contains("no --expect given: recorded the observed outcome, a decoded [Dog] of 0 elements"))
    }

    @Test("an expectation the body does not meet is refused, all or none: nothing is written, exit 2 (issue 47)")
    func failingExpectation() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/missing-id.json", SampleSuite.dogsMissingID)
        try folder.write("elsewhere/missing-id.json", SampleSuite.dogsMissingID)
        let run = await folder.runInProcess([
            "add", "Fixtures/missing-id.json", "--contract", "contracts/new.json", "--model", "[Dog]", "--name", "page",
            "--expect", "decodes",
        ])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("Fixtures/missing-id.json:5:3: error: [1].id: required key is missing"), "\(run.stderr)"
        )
        #expect(
            run.stderr.contains("the case \"page\" fails, so it was not added; nothing was written"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/new.json").path))
        // A body from outside the fixtures folder is not copied in either.
        let copied = await folder.runInProcess([
            "add", "elsewhere/missing-id.json", "--contract", "contracts/new.json", "--model", "[Dog]", "--name",
            "page", "--expect", "decodes", "--as", "copied.json",
        ])
        #expect(copied.status == 2, "\(copied.stdout)\(copied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/copied.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/new.json").path))
    }
}

/// What `add` writes, and where: links, line endings, `--as` folders, and nothing on failure.
@Suite("add, files written")
struct AddFilesTests {
    @Test("a symlinked contract gets the case in the file it points at, and stays a link")
    func symlinkedContract() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("shared/good.json", SampleSuite.dogsContract)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts/good.json"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("contracts/good.json").path,
            withDestinationPath: "../shared/good.json")
        let run = await folder.runInProcess([
            "add", "Fixtures/dogs.json", "--contract", "contracts/good.json", "--name", "teapot", "--status", "418",
            "--expect", "responseUnsuccessful",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let stillLink = folder.isSymlink("contracts/good.json")
        #expect(stillLink)
        #expect(String(decoding: try folder.read("shared/good.json"), as: UTF8.self).contains("\"teapot\""))
    }

    @Test("a CRLF contract gets CRLF lines")
    func crlfContract() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("contracts/good.json", SampleSuite.dogsContract.replacingOccurrences(of: "\n", with: "\r\n"))
        let run = await folder.runInProcess([
            "add", "Fixtures/dogs.json", "--contract", "contracts/good.json", "--name", "teapot", "--status", "418",
            "--expect", "responseUnsuccessful",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](try folder.read("contracts/good.json"))
        let bareLineFeeds = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }
        #expect(bareLineFeeds.isEmpty)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"teapot\""))
    }

    @Test(
        "--as with a trailing slash, '.', or an existing folder keeps the file's name",
        arguments: [
            ("newdir/", "Fixtures/newdir/peru.json"), (".", "Fixtures/peru.json"), ("./", "Fixtures/peru.json"),
            ("countries", "Fixtures/countries/peru.json"), ("countries/pe.json", "Fixtures/countries/pe.json"),
        ])
    func asFolder(destination: String, expected: String) async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/countries/other.json", "[]")
        try folder.write("Downloads/peru.json", SuiteRootTests.peru)
        let run = await folder.runInProcess([
            "add", "Downloads/peru.json", "--contract", "contracts/c.json", "--model", "[Country]", "--name", "peru",
            "--as", destination,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read(expected) == folder.read("Downloads/peru.json"))
    }

    @Test(
        "--as with an empty or escaping path gets a plain message",
        arguments: [
            ("", "--as needs a path inside the fixtures folder, such as \"dogpatch/peru.json\""),
            ("../x.json", "leaves the fixtures folder"),
        ])
    func asRefused(destination: String, message: String) async throws {
        let folder = try SuiteFolder()
        try folder.write("Downloads/peru.json", SuiteRootTests.peru)
        let run = await folder.runInProcess([
            "add", "Downloads/peru.json", "--contract", "contracts/c.json", "--model", "[Country]", "--name", "peru",
            "--as", destination,
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("a write that cannot happen leaves nothing behind and says what is in the way")
    func nothingOnFailure() async throws {
        let folder = try SuiteFolder()
        try folder.write("Downloads/peru.json", SuiteRootTests.peru)
        try folder.write("contracts/blocked", "a file where a folder should be")
        let run = await folder.runInProcess([
            "add", "Downloads/peru.json", "--contract", "contracts/blocked/c.json", "--model", "[Country]", "--name",
            "peru",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is a file, not a folder; nothing was added"), "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/peru.json").path))
    }
}
