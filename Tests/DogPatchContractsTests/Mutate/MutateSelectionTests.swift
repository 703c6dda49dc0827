import ContractTestSupport
import Foundation
import Testing

/// Issue 38, item 10: a selection of nothing is never green (DESIGN 13, "nothing green by accident").
@Suite("mutate on a selection of nothing")
struct MutateSelectionTests {
    @Test("mutate with a --filter or PATH that selects no case exits 2 and writes nothing, as verify does")
    func selectsNothing() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let filtered = try folder.run([
            "mutate", "--filter", "no such case", "--profiles", "profiles", "--mutants", "mutants",
        ])
        #expect(filtered.status == 2, "\(filtered.stdout)\(filtered.stderr)")
        #expect(
            filtered.stderr.contains(#"error: no case matches --filter "no such case"; nothing was mutated"#),
            "\(filtered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("profiles").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("mutants").path))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("contracts/empty"), withIntermediateDirectories: true)
        let path = try folder.run(["mutate", "contracts/empty"])
        #expect(path.status == 2, "\(path.stdout)\(path.stderr)")
        #expect(path.stderr.contains("error: no contracts found in the given paths; nothing was mutated"))
    }
}
