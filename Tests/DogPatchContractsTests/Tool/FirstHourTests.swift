import ContractTestSupport
import ContractTool
import DogPatchClients
import Foundation
import Testing

/// What a new user meets in the first hour: a typo points at what was meant, `help COMMAND` works,
/// and a run outside any suite says where it looked.
@Suite("the first hour")
struct FirstHourTests {
    /// Runs the tool in process through its public entry, as an app's tests would.
    static func run(_ arguments: [String], in folder: URL) async -> (status: Int32, stdout: String, stderr: String) {
        let output = CapturedOutput()
        let status = await ContractTool.run(
            arguments: arguments, catalogue: .standard, name: "dogpatch-contracts", currentDirectory: folder,
            standardOutput: { output.standardOutput($0) }, standardError: { output.standardError($0) })
        return (status, output.stdout, output.stderr)
    }

    @Test(
        "a mistyped command or option names the one meant",
        arguments: [
            (["verfy"], "error: unknown command \"verfy\"; did you mean \"verify\"?\n"),
            (["verify", "--stricct"], "error: unknown option \"--stricct\"; did you mean \"--strict\"?\n"),
            (["frobnicate"], "error: unknown command \"frobnicate\"\n"),
        ])
    func didYouMean(arguments: [String], message: String) async throws {
        let folder = try SuiteFolder()
        let run = await Self.run(arguments, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

    @Test("help COMMAND prints the command's help, as COMMAND --help does")
    func helpCommand() async throws {
        let folder = try SuiteFolder()
        let help = await Self.run(["help", "verify"], in: folder.url)
        let flag = await Self.run(["verify", "--help"], in: folder.url)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: dogpatch-contracts verify "))
        #expect(help.stdout == flag.stdout)
        let unknown = await Self.run(["help", "verfy"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown command \"verfy\"; did you mean \"verify\"?"))
    }

    @Test("run outside any suite, the error names the folder it looked in and its parents")
    func outsideASuite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await Self.run(["verify"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "error: no contract suite here: looked for a \"contracts\" folder (or a Package.swift) in \"\(folder.path)\" and every folder above it"
            ), "\(run.stderr)")
        try Data().write(to: folder.appendingPathComponent("Package.swift"))
        let package = await Self.run(["list"], in: folder)
        #expect(package.status == 2)
        #expect(
            package.stderr.hasPrefix(
                "error: the suite at \"\(folder.path)\" (found by its Package.swift) has no \"contracts\" folder"),
            "\(package.stderr)")
    }

    @Test("a fixture path written from the suite's root is told that fixture paths start inside Fixtures/")
    func fixturePathFromTheRoot() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let contract = SampleSuite.dogsContract.replacingOccurrences(
            of: "\"fixture\": \"dogs.json\"", with: "\"fixture\": \"Fixtures/dogs.json\"")
        try folder.write("contracts/good.json", contract)
        let run = await Self.run(["verify", "--no-replay"], in: folder.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "does not exist; fixture paths are relative to Fixtures/; did you mean \"dogs.json\"?"),
            "\(run.stderr)")
    }

    @Test(
        "an endpoint or model differing in case only, a near --filter and a near PATH each name the one meant",
        arguments: [
            (
                ["explain", "Fixtures/dogs.json", "--endpoint", "Countries.ByName"],
                #"(docs/your-own-endpoint.md); did you mean "countries.byName"?"#
            ),
            (["explain", "Fixtures/dogs.json", "--model", "[dog]"], #"; did you mean "[Dog]"?"#),
            (
                [
                    "add", "Fixtures/dogs.json", "--contract", "contracts/new.json", "--name", "x", "--endpoint",
                    "dogpatch.GetDogs",
                ],
                #"; did you mean "dogpatch.getDogs"?"#
            ),
            (["verify", "--filter", "two dgos"], #"no case matches --filter "two dgos" (did you mean "two dogs"?)"#),
            (["verify", "--filter", "godo"], #"(did you mean "good"?)"#),
            (
                ["verify", "contracts/godo.json"],
                #"path "contracts/godo.json" does not exist; did you mean "contracts/good.json"?"#
            ),
            (["verify", "Contracts/"], #"path "Contracts/" does not exist; did you mean "contracts/"?"#),
        ])
    func nearestName(arguments: [String], message: String) async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await Self.run(arguments, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("no did-you-mean for a filter or a path that is near nothing")
    func nothingNear() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for arguments in [["verify", "--filter", "zzzzzz"], ["verify", "contracts/zzzzzz.json"]] {
            let run = await Self.run(arguments, in: folder.url)
            #expect(run.status == 2)
            #expect(!run.stderr.contains("did you mean"), "\(run.stderr)")
        }
    }
}
