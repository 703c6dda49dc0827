import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `mutate`'s front door on its own: a seed always picks the same mutants, and `--max` capping a
/// case is reported as a value, not only in words.
@Suite("mutation session")
struct MutationSessionTests {
    static func mutate(_ folder: borrowing SuiteFolder, seed: UInt64, max: Int) async throws -> MutationSession.Run {
        let location = SuiteLocation(currentDirectory: folder.url)
        let selection = try SuiteSelection(catalogue: .standard, options: VerifyOptions(), location: location)
        return await MutationSession.run(
            selection, seed: seed, max: max, profiles: nil, update: false, mutants: nil,
            writer: SuiteWriter(root: location.root, temporaries: SuiteWriter.TemporaryFiles(), waiting: {}))
    }

    /// The mutants a body of two dogs has, as the maker derives them.
    static func allMutations() throws -> [Mutation] {
        let response = ResponseSpec(
            kind: .http(status: 200, headers: [:], body: .none), delayMs: 0, position: .start)
        let maker = try #require(MutantMaker(body: Data(SampleSuite.dogs.utf8), response: response, model: .dogs))
        return maker.mutations
    }

    @Test("the maker derives the same mutants in the same order every time, keys first, then body, then transport")
    func makerIsStable() throws {
        let mutations = try Self.allMutations()
        #expect(try Self.allMutations() == mutations)
        guard case .key = mutations.first, case .transport = mutations.last else {
            Issue.record("\(mutations)")
            return
        }
        #expect(mutations.contains(.key(path: "[*].id", change: .removed)))
        #expect(mutations.contains(.body(.objectForArray)))
        #expect(!mutations.contains(.body(.arrayForObject)))
        #expect(mutations.contains(.transport(.status(503))))
    }

    @Test("a seed picks the same mutants every run; --max's cap is reported as a value naming the case")
    func seedIsDeterministic() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let total = try Self.allMutations().count
        let first = try await Self.mutate(folder, seed: 7, max: 5)
        let again = try await Self.mutate(folder, seed: 7, max: 5)
        let other = try await Self.mutate(folder, seed: 8, max: 5)
        #expect(first.results.count == 5)
        #expect(first.results.map(\.caseName) == again.results.map(\.caseName))
        #expect(first.results.map(\.status) == again.results.map(\.status))
        #expect(first.results.map(\.caseName) != other.results.map(\.caseName))
        #expect(
            first.capped == [
                MutationSession.Capped(caseName: "contracts/good.json › two dogs", kept: 5, total: total, seed: 7)
            ])
        #expect(first.unwritten == nil)
    }

    @Test("a cap no case reaches runs every mutant and reports no capping")
    func uncapped() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let total = try Self.allMutations().count
        let run = try await Self.mutate(folder, seed: 7, max: total)
        #expect(run.capped.isEmpty)
        #expect(run.results.count == total)
    }
}
