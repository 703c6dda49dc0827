import ContractKit
import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

/// `ContractSuite` and `ContractCase`: contracts as Swift Testing arguments.
@Suite("contract suite as test arguments")
struct ContractSuiteTests {
    /// A suite whose root is found from a test file inside the folder, as a test target's would be.
    static func suite(in folder: borrowing SuiteFolder, strict: Bool = false) throws -> ContractSuite {
        try ContractSuite(
            catalogue: .standard, strict: strict,
            filePath: folder.url.appendingPathComponent("Tests/AppTests/ContractTests.swift").path)
    }

    @Test("cases are named contract › case, in suite order, and keep their identity across loads")
    func names() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let cases = try Self.suite(in: folder).cases
        #expect(
            cases.map(\.id) == [
                "contracts/good.json › two dogs",
                "contracts/good.json › missing id",
                "contracts/good.json › not found",
                "contracts/good.json › offline",
            ])
        #expect(cases.map(\.description) == cases.map(\.id))
        #expect(cases.map(\.testDescription) == cases.map(\.id))
        #expect(try Self.suite(in: folder).cases.map(\.id) == cases.map(\.id))
        #expect(cases.first?.contractURL.path == folder.url.appendingPathComponent("contracts/good.json").path)
    }

    @Test("a passing case records no issue")
    func passing() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for contractCase in try Self.suite(in: folder).cases {
            try await contractCase.verify()
        }
    }

    @Test("a failing check is recorded at the contract file's line and column, naming the case")
    func failing() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/good.json",
            SampleSuite.dogsContract.replacingOccurrences(of: #""count": 2"#, with: #""count": 3"#))
        let page = try #require(try Self.suite(in: folder).cases.first)
        let contractPath = folder.url.appendingPathComponent("contracts/good.json").path
        try await withKnownIssue {
            try await page.verify()
        } matching: { issue in
            issue.sourceLocation?.filePath == contractPath && issue.sourceLocation?.line == 6
                && issue.comments.contains {
                    $0.rawValue.hasPrefix("contracts/good.json › two dogs: contracts/good.json:6:")
                        && $0.rawValue.hasSuffix("error: expected 3 elements, decoded 2")
                }
        }
    }

    @Test("a contract that does not load is one failing case, not a crash of the run")
    func invalidContract() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/broken.json", "{\n  \"model\": \"[Dog]\",\n  \"cases\": [\n")
        try folder.write(
            "contracts/typo.json",
            #"{"model": "[Dog]", "cases": [{"name": "t", "response": {"fixtrue": "x.json"}, "expect": {"decodes": true}}]}"#
        )
        let cases = try Self.suite(in: folder).cases
        #expect(cases.map(\.id) == ["contracts/broken.json › (contract)", "contracts/typo.json › t"])
        let contractPath = folder.url.appendingPathComponent("contracts/broken.json").path
        try await withKnownIssue {
            try await cases[0].verify()
        } matching: { issue in
            issue.sourceLocation?.filePath == contractPath && issue.sourceLocation?.line == 4
        }
        try await withKnownIssue {
            try await cases[1].verify()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(#"unknown key "fixtrue" in "response"; did you mean "fixture"?"#)
            }
                && issue.sourceLocation?.line == 1 && issue.sourceLocation?.column == 57
        }
    }

    @Test("strict makes keys the model never reads fail their case")
    func strict() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "Fixtures/dogs.json",
            SampleSuite.dogs.replacingOccurrences(of: #""name": "Noodle","#, with: #""name": "Noodle", "gender": "f","#)
        )
        let page = try #require(try Self.suite(in: folder, strict: true).cases.first)
        try await withKnownIssue {
            try await page.verify()
        } matching: { issue in
            issue.severity == .error
                && issue.comments.contains { $0.rawValue.contains("[*].gender: the [Dog] model never reads this key") }
        }
        #expect(await (try Self.suite(in: folder).cases.first)?.result().status == .passed)
    }

    @Test("a missing contracts folder is an error that says so")
    func missingFolder() throws {
        let folder = try SuiteFolder()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts"))
        try folder.write("Package.swift", "// a package without contracts\n")
        let error = #expect(throws: ContractSuite.LoadError.self) { try Self.suite(in: folder) }
        #expect(error?.message == #"the contracts folder "contracts" does not exist; pass contracts: to ContractSuite"#)
    }

    @Test("a fixtures folder that is missing or a file is an error naming it")
    func fixturesFolder() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write("Stubs", "not a folder\n")
        let filePath = folder.url.appendingPathComponent("Tests/AppTests/ContractTests.swift").path
        let missing = #expect(throws: ContractSuite.LoadError.self) {
            try ContractSuite(fixtures: "Missing", catalogue: .standard, filePath: filePath)
        }
        #expect(missing?.description == #"the fixtures folder "Missing" does not exist"#)
        let file = #expect(throws: ContractSuite.LoadError.self) {
            try ContractSuite(fixtures: "Stubs", catalogue: .standard, filePath: filePath)
        }
        #expect(file?.description == #"the fixtures folder "Stubs" is a file, not a folder"#)
    }
}
