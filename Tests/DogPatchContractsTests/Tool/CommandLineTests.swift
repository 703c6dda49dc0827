import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

@Suite("command line, end to end")
struct CommandLineTests {
    @Test("--version and --help")
    func versionAndHelp() throws {
        let folder = try SuiteFolder()
        let version = try folder.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("dogpatch-contracts "))
        let help = try folder.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("dogpatch-contracts verify"))
        let verifyHelp = try folder.run(["verify", "--help"])
        #expect(verifyHelp.stdout.contains("--shard I/N"))
        #expect(try folder.run(["list", "--help"]).stdout.contains("USAGE: dogpatch-contracts list"))
    }

    @Test("add --help: --keep-header is for --live and --har, and names the headers it never writes")
    func keepHeaderHelp() throws {
        let help = try SuiteFolder().run(["add", "--help"]).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(
            help.contains(
                "--keep-header NAME with --live or --har, also write this response header (repeatable); "
                    + "Set-Cookie, Cookie, Authorization and Proxy-Authorization are never written, even when named"),
            "\(help)")
    }

    @Test(
        "bad arguments exit 2 with a one-line message and the usage hint",
        arguments: [
            (["verify", "--shard", "3/2"], "--shard takes I/N"),
            (["verify", "--jobs", "0"], "--jobs takes a whole number from 1 to 256"),
            (["verify", "--timeout", "-1"], "--timeout takes a number of seconds"),
            (["verify", "--bogus"], "unknown option \"--bogus\""),
            (["verify", "--format", "yaml"], "--format takes text, json, junit or github"),
            (["verify", "--contracts", "nowhere"], "contracts folder \"nowhere\" does not exist"),
            (["verify", "--fixtures", "nowhere"], "fixtures folder \"nowhere\" does not exist"),
            (["verify", "contracts/missing.json"], "path \"contracts/missing.json\" does not exist"),
            (["frobnicate"], "unknown command \"frobnicate\""),
        ])
    func badArguments(arguments: [String], message: String) throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("usage: see 'dogpatch-contracts"))
        #expect(run.stdout.isEmpty)
    }

    /// Issue 32, finding 7: a typo in a filter was green.
    @Test("a filter, a PATH or a folder that selects no case is exit 2; an empty shard of a suite with cases is not")
    func emptySelection() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = try folder.run(["verify", "--filter", "two dgos"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "error: no case matches --filter \"two dgos\" (did you mean \"two dogs\"?); nothing was verified\n")
        #expect(run.stdout == "0 passed, 0 failed, 0 errors, 0 skipped\n")
        try folder.write("contracts/empty/.keep", "")
        let path = try folder.run(["verify", "contracts/empty"])
        #expect(path.status == 2)
        #expect(path.stderr == "error: no contracts found in the given paths; nothing was verified\n", "\(path.stderr)")
        let empty = try SuiteFolder()
        try empty.write("contracts/.keep", "")
        let none = try empty.run(["verify"])
        #expect(none.status == 2)
        #expect(none.stderr == "error: no contracts found in \"contracts\"; nothing was verified\n", "\(none.stderr)")
        let shard = try folder.run(["verify", "--filter", "offline", "--shard", "2/2"])
        #expect(shard.status == 2, "a filter narrowed it: \(shard.stderr)")
    }

    @Test("list works without a fixtures folder and reports invalid contracts")
    func listWithoutFixtures() throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/good.json", SampleSuite.dogsContract)
        try folder.write("contracts/bad.json", "{")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Fixtures"))
        let run = try folder.run(["list"])
        #expect(run.status == 2)
        #expect(
            run.stdout == """
                contract             endpoint          model  cases  recorded
                contracts/bad.json   (invalid)
                contracts/good.json  dogpatch.getDogs  [Dog]  4      0

                """)
        #expect(run.stderr.contains("contracts/bad.json:1:2: error: invalid JSON"))
    }

    @Test(
        "list is a table: a row a contract with its endpoint (- for a fixture contract), model, cases and recorded cases"
    )
    func list() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/countries/recorded.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru"}, "cases": [
              {"name": "peru", "response": {"fixture": "peru.json"}, "expect": {"decodes": true},
               "recorded": {"url": "https://restcountries.com/v3.1/name/peru", "at": "2026-11-23T00:00:00Z"}},
              {"name": "down", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}]}
            """)
        try folder.write("Fixtures/peru.json", #"[{"name": {"common": "Peru"}}]"#)
        try folder.write(
            "contracts/detail.json",
            #"{"model": "Dog", "cases": [{"name": "a list", "response": {"fixture": "dogs.json"}, "expect": {"error": "jsonConversionFailure"}}]}"#
        )
        let run = try folder.run(["list"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                contract                           endpoint          model      cases  recorded
                contracts/countries/recorded.json  countries.byName  [Country]  2      1
                contracts/detail.json              -                 Dog        1      0
                contracts/good.json                dogpatch.getDogs  [Dog]      4      0

                """)
        let withCases = try folder.run(["list", "--cases"])
        #expect(
            withCases.stdout.hasSuffix(
                """
                contracts/good.json                dogpatch.getDogs  [Dog]      4      0
                  two dogs
                  missing id
                  not found
                  offline

                """), "\(withCases.stdout)")
    }
}
