import ContractTestSupport
import Foundation
import Testing

/// `export pact --consumer-version --branch` and `--consumer-version-from-git`: the app's version
/// and branch in each pact's metadata and in the summary, for `pact broker publish` (issue 51).
@Suite("export pact with the consumer's version")
struct ConsumerVersionExportTests {
    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/countries/by-name-peru.json",
            LiveCommandTests.peruContract(url: URL(string: "https://restcountries.com/")!))
        try folder.write("Fixtures/countries/peru.json", LiveCommandTests.peru)
        return folder
    }

    static func metadata(_ folder: borrowing SuiteFolder) throws -> [String: Any] {
        let pact = try JSONSerialization.jsonObject(with: try folder.read("pacts/dogpatch-app-countries.json"))
        return (pact as? [String: Any])?["metadata"] as? [String: Any] ?? [:]
    }

    @Test("the version and branch go into each pact's metadata and the summary; without them the metadata is as before")
    func given() throws {
        let folder = try Self.suite()
        let run = try folder.run([
            "export", "pact", "--out", "pacts", "--consumer-version", "1.4.0", "--branch", "main",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout
                == "wrote pacts/dogpatch-app-countries.json: 2 interactions\nconsumer version: dogpatch-app 1.4.0, branch main\n"
        )
        let metadata = try Self.metadata(folder)
        #expect(metadata["consumerVersion"] as? [String: String] == ["branch": "main", "version": "1.4.0"])
        #expect(metadata["pactSpecification"] as? [String: String] == ["version": "3.0.0"])
        let plain = try folder.run(["export", "pact", "--out", "pacts"])
        #expect(plain.stdout == "wrote pacts/dogpatch-app-countries.json: 2 interactions\n")
        #expect(try Self.metadata(folder)["consumerVersion"] == nil)
    }

    @Test("--consumer-version-from-git takes the commit's hash and the branch checked out; the flags given win")
    func fromGit() throws {
        let folder = try Self.suite()
        let git = try folder.shell(
            "git init -q . && git symbolic-ref HEAD refs/heads/trunk && git add -A && git -c user.name=t -c user.email=t@t commit -q -m suite && git rev-parse HEAD"
        )
        #expect(git.status == 0, "\(git.stderr)")
        let hash = git.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try folder.run(["export", "pact", "--out", "pacts", "--consumer-version-from-git"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("consumer version: dogpatch-app \(hash), branch trunk\n"), "\(run.stdout)")
        #expect(
            try Self.metadata(folder)["consumerVersion"] as? [String: String] == ["branch": "trunk", "version": hash])
        let given = try folder.run([
            "export", "pact", "--out", "pacts", "--consumer-version-from-git", "--branch", "main",
        ])
        #expect(given.stdout.hasSuffix("consumer version: dogpatch-app \(hash), branch main\n"), "\(given.stdout)")
    }

    @Test(
        "outside a git checkout --consumer-version-from-git writes nothing and says why; other formats refuse the flags"
    )
    func refusals() throws {
        let folder = try Self.suite()
        let run = try folder.run(["export", "pact", "--out", "pacts", "--consumer-version-from-git"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: cannot read the consumer version: git found no commit checked out in "))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pacts").path))
        let openapi = try folder.run(["export", "openapi", "--out", "openapi.json", "--consumer-version", "1"])
        #expect(openapi.status == 2)
        #expect(openapi.stderr.contains("error: --consumer-version is for export pact"))
        let blank = try folder.run(["export", "pact", "--out", "pacts", "--branch", " "])
        #expect(blank.status == 2)
        #expect(blank.stderr.contains("error: --branch needs a value that is not blank"))
    }
}
