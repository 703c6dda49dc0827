import ContractEngine
import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

/// `mutate`: the real client against answers nobody wrote down, and the models' profiles.
@Suite("mutate, end to end")
struct MutateCommandTests {
    /// The passing sample suite, mutated in process with a catalogue of the test's choosing.
    static func mutate(_ catalogue: Catalogue, _ extra: [String] = []) async throws -> ToolRun {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        return await folder.runInProcess(["mutate", "contracts/good.json"] + extra, catalogue: catalogue)
    }

    static func failures(_ output: ToolRun) -> [String] {
        output.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.map {
            String($0.dropFirst("FAIL  contracts/good.json  two dogs › ".count))
        }
    }

    @Test("the real client gets what a correct client gets from every mutant, each a row named CASE › MUTATION")
    func correctClient() async throws {
        let output = try await Self.mutate(.standard)
        #expect(output.code == .success, "\(output.stderr)")
        let rows = output.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains("PASS  contracts/good.json  two dogs › [*].id removed"))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › [*].cost set to \"a string\""))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › [*].breederRating set to null"))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › body cut in half"))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › {} where an array is expected"))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › an HTML page with status 200"))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › status 429"))
        #expect(rows.contains("PASS  contracts/good.json  two dogs › network error timedOut"))
        // Ten keys, six mutants each (removed, null and the four other types), four of the body, seven of the transport.
        #expect(rows.last == "71 passed, 0 failed, 0 errors, 0 skipped; 71 mutants of 1 case")
    }

    @Test(
        "--mutants writes each 2xx mutant's body and an index of its model and verdict; inside contracts/ it is refused"
    )
    func mutantFiles() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let output = await folder.runInProcess(
            ["mutate", "contracts/good.json", "--mutants", "out/mutants"], catalogue: .standard)
        #expect(output.code == .success, "\(output.stderr)")
        let index = try #require(
            try JSONSerialization.jsonObject(with: folder.read("out/mutants/index.json")) as? [[String: Any]])
        let verdicts = Dictionary(
            index.compactMap { entry in (entry["case"] as? String).map { ($0, entry["decodes"] as? Bool) } },
            uniquingKeysWith: { first, _ in first })
        #expect(verdicts["two dogs › [*].id removed"] == false)
        #expect(verdicts["two dogs › an HTML page with status 200"] == false)
        #expect(verdicts["two dogs › status 429"] == nil, "only 2xx bodies are written")
        #expect(!index.isEmpty && index.allSatisfy { $0["model"] as? String == "[Dog]" })
        let removed = try #require(index.first { $0["case"] as? String == "two dogs › [*].id removed" })
        let body = try folder.read("out/mutants/\(try #require(removed["file"] as? String))")
        #expect(!String(decoding: body, as: UTF8.self).contains("\"id\""))
        let inside = await folder.runInProcess(
            ["mutate", "contracts/good.json", "--mutants", "contracts/mutants"], catalogue: .standard)
        #expect(inside.code == .invalid)
        #expect(inside.stderr.contains("--mutants \"contracts/mutants\" is inside the contracts folder"))
    }

    @Test(
        "the profiles and the mutants are written all or none: a mutants folder that cannot be made leaves the profile unwritten"
    )
    func profilesAndMutantsAllOrNone() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("out", "a file where the mutants' folder would go\n")
        let output = await folder.runInProcess(
            ["mutate", "contracts/good.json", "--profiles", "profiles", "--mutants", "out/mutants"],
            catalogue: .standard)
        #expect(output.code == .invalid)
        #expect(output.stderr.contains("error: cannot write the mutants \"out/mutants/"), "\(output.stderr)")
        #expect(!output.stderr.contains("cannot write the profile"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("profiles").path))
    }

    @Test("a client that swallows decode errors fails every mutant that should not decode")
    func swallowsDecodeErrors() async throws {
        let output = try await Self.mutate(MutationClients.catalogue(MutationClients.swallowsDecodeErrors))
        #expect(output.code == .failure)
        let failures = Self.failures(output)
        #expect(failures.contains("[*].id removed"))
        #expect(failures.contains("body cut in half"))
        #expect(failures.contains("an HTML page with status 200"))
        #expect(!failures.contains("status 500"))
        let line =
            "contracts/good.json:5:5: error: [*].id removed: client returned a decoded [Dog] of 0 elements; expected jsonConversionFailure at [0].id"
        #expect(output.stderr.split(separator: "\n").contains(Substring(line)), "\(output.stderr)")
        // docs/mutation-and-coverage.md shows this line, position and all; the doc runner cannot
        // build this client, so the line is checked here.
        let doc = String(
            decoding: try Data(contentsOf: Repository.root.appendingPathComponent("docs/mutation-and-coverage.md")),
            as: UTF8.self)
        #expect(doc.contains("\n" + line + "\n"), "docs/mutation-and-coverage.md no longer shows: \(line)")
    }

    @Test("a client that maps 5xx to a decoding failure fails the 500 and 503 mutants, and only those")
    func serverErrors() async throws {
        let output = try await Self.mutate(MutationClients.catalogue(MutationClients.serverErrorAsDecodeFailure))
        #expect(output.code == .failure)
        #expect(Self.failures(output) == ["status 500", "status 503"])
        #expect(
            output.stderr.contains(
                "status 500: client returned jsonConversionFailure (server error); expected responseUnsuccessful(500)"))
    }

    @Test("a client that treats null as a default fails the null mutants of its string keys")
    func nullAsDefault() async throws {
        let output = try await Self.mutate(MutationClients.catalogue(MutationClients.nullAsDefault))
        #expect(output.code == .failure)
        let failures = Self.failures(output)
        #expect(failures.contains("[*].name set to null"))
        #expect(failures.contains("[*].breed set to null"))
        #expect(failures.allSatisfy { $0.hasSuffix("set to null") }, "\(failures)")
    }

    @Test("a client that completes twice on 429 fails the 429 mutant, and only that one")
    func twiceOn429() async throws {
        let output = try await Self.mutate(MutationClients.catalogue(MutationClients.completesTwiceOn429))
        #expect(output.code == .failure)
        #expect(Self.failures(output) == ["status 429"])
        #expect(
            output.stderr.contains(
                "status 429: the completion handler ran 2 times; expected exactly once; a correct client gets responseUnsuccessful(429)"
            ))
    }

    @Test("the same suite and seed give the same bytes whatever --jobs, and --max keeps a seeded draw and says so")
    func determinism() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let one = await folder.runInProcess(["mutate", "--jobs", "1", "--max", "20", "--seed", "7"])
        let four = await folder.runInProcess(["mutate", "--jobs", "4", "--max", "20", "--seed", "7"])
        #expect(one.stdout == four.stdout && one.stderr == four.stderr)
        #expect(
            one.stdout.hasSuffix("20 passed, 0 failed, 0 errors, 0 skipped; 20 mutants of 1 case\n"), "\(one.stdout)")
        #expect(
            one.stderr.contains(
                "warning: contracts/good.json › two dogs: 20 of 71 mutants run (--max 20, --seed 7); the other 51 were left out"
            ))
        let other = await folder.runInProcess(["mutate", "--jobs", "1", "--max", "20", "--seed", "8"])
        #expect(other.stdout != one.stdout, "another seed draws other mutants")
    }

    @Test("a profile of one path says so: (1 path)")
    func onePath() async throws {
        let folder = try SuiteFolder()
        try TodoWrites.write(into: folder)
        let run = await folder.runInProcess(
            ["mutate", "--profiles", "profiles", "--timeout", "60"], catalogue: TodoWrites.catalogue)
        #expect(
            run.stderr.contains("profiles/Created.json: note: wrote the Created profile (1 path)\n"), "\(run.stderr)")
    }

    @Test(
        "profiles are written on the first run, compared after, and every change fails naming the path and the change")
    func profiles() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let first = await folder.runInProcess(["mutate", "--profiles", "profiles"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("profiles/[Dog].json: note: wrote the [Dog] profile (10 paths)"))
        let written = String(decoding: try folder.read("profiles/[Dog].json"), as: UTF8.self)
        #expect(
            written.contains(#"    "[*].breed": { "null": false, "required": true, "types": ["string"] },"#),
            "\(written)")
        let again = await folder.runInProcess(["mutate", "--profiles", "profiles"])
        #expect(again.status == 0)
        #expect(try folder.read("profiles/[Dog].json") == Data(written.utf8), "an unchanged profile is not rewritten")
        // As if the model used to accept a dog without a breed, or a null one.
        try folder.write(
            "profiles/[Dog].json",
            written.replacingOccurrences(
                of: #""[*].breed": { "null": false, "required": true"#,
                with: #""[*].breed": { "null": true, "required": false"#
            ))
        let changed = await folder.runInProcess(["mutate", "--profiles", "profiles"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("FAIL  profiles/[Dog].json  [Dog] profile\n"))
        #expect(
            changed.stderr.contains(
                "profiles/[Dog].json:6:5: error: [Dog] [*].breed: was optional, now required: a response without it no longer decodes"
            ),
            "\(changed.stderr)")
        #expect(
            changed.stderr.contains(
                "[Dog] [*].breed: accepted null, now refuses it: a response with null here no longer decodes"))
        let updated = await folder.runInProcess(["mutate", "--profiles", "profiles", "--update"])
        #expect(updated.status == 0)
        #expect(try folder.read("profiles/[Dog].json") == Data(written.utf8))
    }
}
