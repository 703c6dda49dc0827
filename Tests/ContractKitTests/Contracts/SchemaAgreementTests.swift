import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `schema/contract.schema.json` and the loader agree. `scripts/check-schema.sh` runs a real JSON
/// Schema validator over the same files: the repository's contracts validate and the examples in
/// `schema/examples/invalid/` do not. Here, the loader's side of it.
@Suite("contract schema and loader")
struct SchemaAgreementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let loader = ContractLoader(
        catalogue: .standard,
        fixtures: FixtureLocator(root: root.appendingPathComponent("Fixtures"), displayRoot: "Fixtures"))

    static let invalidExamples: [String] = {
        let folder = root.appendingPathComponent("schema/examples/invalid")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json")
        }.sorted()
    }()

    @Test("there are invalid examples for the schema to reject")
    func examplesExist() {
        #expect(Self.invalidExamples.count >= 20)
    }

    @Test("the loader rejects every example the schema rejects", arguments: invalidExamples)
    func loaderRejects(_ name: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("schema/examples/invalid/\(name)"))
        switch Self.loader.load(data, file: name) {
        case .invalid:
            break
        case .loaded(let contract):
            let invalidCases = contract.cases.filter { if case .invalid = $0 { true } else { false } }
            #expect(!invalidCases.isEmpty, "\(name) loads with every case valid")
        }
    }

    @Test("a contract may name its schema with \"$schema\"; the loader reads past it")
    func acceptsSchemaKey() {
        let oneCase = #"[{"name": "down", "response": {"status": 503}, "expect": {"error": "responseUnsuccessful"}}]"#
        let text = #"{"$schema": "../schema/contract.schema.json", "model": "[Dog]", "cases": \#(oneCase)}"#
        guard case .loaded = Self.loader.load(Data(text.utf8), file: "contracts/c.json") else {
            Issue.record("a contract with \"$schema\" did not load")
            return
        }
        let wrong = #"{"$schema": 1, "model": "[Dog]", "cases": \#(oneCase)}"#
        guard case .invalid = Self.loader.load(Data(wrong.utf8), file: "contracts/c.json") else {
            Issue.record("a \"$schema\" that is not a string loaded")
            return
        }
    }
}
