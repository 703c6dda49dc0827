import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `record`'s front door: what it says of a selection before any server is asked.
@Suite("record's front door")
struct CaseRecorderSelectionTests {
    static func record(_ folder: borrowing SuiteFolder) async throws -> (CaseRecorder.Run, accounts: Int) {
        let location = SuiteLocation(currentDirectory: folder.url)
        let selection = try SuiteSelection(catalogue: .standard, options: VerifyOptions(), location: location)
        var accounts = 0
        let run = try await CaseRecorder.record(
            selection, catalogue: .standard, force: false,
            writer: SuiteWriter(root: location.root, temporaries: SuiteWriter.TemporaryFiles(), waiting: {})
        ) { _ in accounts += 1 }
        return (run, accounts)
    }

    @Test("a selection with no recorded case asks nothing and says so, after the contracts that do not load")
    func nothingRecorded() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", "[]")
        try folder.write(
            "contracts/a.json",
            #"{ "endpoint": "dogpatch.getDogs", "cases": [ { "name": "a", "response": { "status": 200, "fixture": "dogs.json" }, "expect": { "decodes": true } } ] }"#
        )
        try folder.write("contracts/broken.json", "{")
        let (run, accounts) = try await Self.record(folder)
        #expect(accounts == 0)
        #expect(run.counts.isEmpty)
        #expect(run.hasInvalidContracts)
        guard run.problems.count == 2, case .invalidContract = run.problems[0], case .nothingRecorded = run.problems[1]
        else {
            Issue.record("\(run.problems)")
            return
        }
    }
}
