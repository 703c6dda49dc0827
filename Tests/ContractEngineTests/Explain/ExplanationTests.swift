import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `Explanation` on its own: what `explain` tells a developer about a body before they write a case.
@Suite("explanation")
struct ExplanationTests {
    static func explain(_ folder: borrowing SuiteFolder, _ path: String, status: Int = 200) -> Result<
        Explanation, Diagnostic
    > {
        Explanation.explain(
            file: path, in: SuiteLocation(currentDirectory: folder.url), fixtures: nil, model: .dogs, status: status)
    }

    @Test("a body that decodes: its count, first records, every key read, and a case naming its fixture")
    func decodes() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", SampleSuite.dogs)
        let explanation = try Self.explain(folder, "Fixtures/dogs.json").get()
        guard case .decoded(let value) = explanation.outcome else {
            Issue.record("\(explanation.outcome)")
            return
        }
        #expect(value.count == 2)
        #expect(explanation.fixturePath == "dogs.json")
        #expect(explanation.unreadKeys.isEmpty)
        let text = explanation.text(tool: "dogpatch-contracts")
        #expect(text.hasPrefix("Fixtures/dogs.json: \(Data(SampleSuite.dogs.utf8).count) bytes as [Dog]\n"))
        #expect(text.contains("outcome: decodes, 2 elements\n"))
        #expect(text.contains("Noodle") && text.contains("Olive"))
        #expect(text.contains("ignored keys: none; the [Dog] model reads every key\n"))
        #expect(text.contains(#""fixture": "dogs.json""#))
        #expect(!text.contains("once 'dogpatch-contracts add' has copied it"))
    }

    @Test("a key the model never reads is listed with its line and column")
    func unreadKey() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/dogs.json",
            SampleSuite.dogs.replacingOccurrences(of: #""cost": 850"#, with: #""cost": 850, "wag": 1"#))
        let explanation = try Self.explain(folder, "Fixtures/dogs.json").get()
        #expect(explanation.unreadKeys.map(\.path) == ["[*].wag"])
        #expect(explanation.text(tool: "dogpatch-contracts").contains("  Fixtures/dogs.json:4:"))
    }

    @Test("a body that fails to decode: jsonConversionFailure at the missing key's path, with line:column")
    func failsAtPath() throws {
        let folder = try SuiteFolder()
        try folder.write("elsewhere/dogs.json", SampleSuite.dogsMissingID)
        let explanation = try Self.explain(folder, "elsewhere/dogs.json").get()
        guard case .failed(.jsonConversionFailure, _, let problem?) = explanation.outcome else {
            Issue.record("\(explanation.outcome)")
            return
        }
        #expect(problem.path == "[1].id")
        #expect(problem.position == SourcePosition(line: 5, column: 3))
        #expect(explanation.fixturePath == nil)
        let text = explanation.text(tool: "dogpatch-contracts")
        #expect(text.contains("outcome: jsonConversionFailure at [1].id\n"))
        #expect(text.contains("elsewhere/dogs.json:5:3: error:"))
        #expect(
            text.contains(
                "a case for it, once 'dogpatch-contracts add' has copied the body to Fixtures/dogs.json:"
            ), "\(text)")
    }

    // A FIFO is read, not refused: `explain` takes `<(curl ...)` and `/dev/stdin`.
    @Test("a missing file and a folder are refused with a diagnostic naming them")
    func unreadable() throws {
        let folder = try SuiteFolder()
        for path in ["Fixtures/gone.json", "Fixtures"] {
            guard case .failure(let diagnostic) = Self.explain(folder, path) else {
                Issue.record("\(path) was explained")
                continue
            }
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.message.contains(path), "\(diagnostic.message)")
        }
    }
}
