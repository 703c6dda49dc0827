import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `schema/contract.schema.json` and the loader agree. `scripts/check-schema.sh` runs a real JSON
/// Schema validator over the same files: the repository's contracts validate and the examples in
/// `schema/examples/invalid/` do not. Here, the loader's side of it.
@Suite("contract schema and loader")
struct SchemaAgreementTests {
    static let root = Repository.root
    static let loader = ContractLoader(
        catalogue: .standard,
        fixtures: FixtureLocator(root: root.appendingPathComponent("Fixtures"), displayRoot: "Fixtures"))

    static func examples(_ kind: String) -> [String] {
        let folder = root.appendingPathComponent("schema/examples/\(kind)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json")
        }.sorted().map { "\(kind)/\($0)" }
    }

    /// Rejected by the schema and by the loader (`scripts/check-schema.sh` runs the validator).
    static let invalidExamples = examples("invalid")
    /// Accepted by both.
    static let validExamples = examples("valid")
    /// Rules JSON Schema cannot say (duplicate names, header names that differ by case, paths that
    /// leave the fixtures folder, path syntax): the schema accepts these, the loader does not.
    static let loaderOnlyExamples = examples("loader-only")
    /// Names and arguments the built-in catalogue does not have: the schema, which names no
    /// catalogue, accepts these; the loader with the built-in catalogue, and the schema
    /// `export schema` writes for it, do not.
    static let catalogueExamples = examples("catalogue")

    /// Whether the loader takes a contract with every case valid.
    static func loads(_ name: String) throws -> Bool {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("schema/examples/\(name)"))
        switch Self.loader.load(data, file: name) {
        case .invalid:
            return false
        case .loaded(let contract):
            return contract.cases.allSatisfy { if case .ready = $0 { true } else { false } }
        }
    }

    @Test("there are invalid examples for the schema to reject")
    func examplesExist() {
        #expect(Self.invalidExamples.count >= 39)
        #expect(Self.validExamples.count >= 9)
        #expect(Self.loaderOnlyExamples.count >= 5)
        #expect(Self.catalogueExamples.count >= 8)
    }

    @Test("the loader rejects every example the schema rejects", arguments: invalidExamples)
    func loaderRejects(_ name: String) throws {
        #expect(try !Self.loads(name), "\(name) loads with every case valid")
    }

    @Test("the loader takes every example the schema takes", arguments: validExamples)
    func loaderAccepts(_ name: String) throws {
        #expect(try Self.loads(name), "\(name) does not load whole")
    }

    @Test("the loader rejects what JSON Schema cannot say", arguments: loaderOnlyExamples)
    func loaderOnly(_ name: String) throws {
        #expect(try !Self.loads(name), "\(name) loads with every case valid")
    }

    @Test("the loader rejects names and arguments its catalogue does not have", arguments: catalogueExamples)
    func loaderKnowsTheCatalogue(_ name: String) throws {
        #expect(try !Self.loads(name), "\(name) loads with every case valid")
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
