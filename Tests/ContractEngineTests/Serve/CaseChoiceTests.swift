import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// `serve --case`: a choice is read at the ` › ` that the suite bears out, so a case name (or a
/// contract's path) holding ` › ` is chosen as written.
@Suite("serve: case choices")
struct CaseChoiceTests {
    @Test("a choice is read at each ` › ` in turn, then as a whole case name")
    func readings() {
        #expect(
            CaseChoice.readings(of: "contracts/good.json › not found › for good") == [
                CaseChoice(contract: "contracts/good.json", caseName: "not found › for good"),
                CaseChoice(contract: "contracts/good.json › not found", caseName: "for good"),
                CaseChoice(contract: nil, caseName: "contracts/good.json › not found › for good"),
            ])
        #expect(CaseChoice.readings(of: "offline") == [CaseChoice(contract: nil, caseName: "offline")])
    }

    /// The sample suite with its 404 case renamed to hold the separator.
    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/good.json",
            SampleSuite.dogsContract.replacingOccurrences(of: #""not found""#, with: #""not found › for good""#))
        return folder
    }

    static func start(in folder: borrowing SuiteFolder, choices: [String]) async -> Result<
        SuiteServer, SuiteServer.Problem
    > {
        var settings = SuiteServer.Settings()
        settings.choices = choices
        return await SuiteServer.start(
            catalogue: .standard, options: VerifyOptions(), location: SuiteLocation(currentDirectory: folder.url),
            settings: settings, events: { _ in })
    }

    @Test(
        "a case name holding ` › ` is chosen, bare or after its contract",
        arguments: [
            "contracts/good.json › not found › for good", "good.json › not found › for good", "not found › for good",
        ])
    func separatorInName(choice: String) async throws {
        let folder = try Self.suite()
        let server = try await Self.start(in: folder, choices: [choice]).get()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        #expect(try ServeServerTests.get("/api/v1/dogs", on: connection).status == 404)
    }

    @Test("a choice that names no served case is refused, worded for its first reading")
    func refused() async throws {
        let folder = try Self.suite()
        guard
            case .failure(.unknownChoice(let choice, let message)) = await Self.start(
                in: folder, choices: ["contracts/good.json › gone › for good"])
        else {
            Issue.record("a choice naming no case was accepted")
            return
        }
        #expect(choice == "contracts/good.json › gone › for good")
        #expect(
            message
                == #"contracts/good.json has no case "gone › for good"; its cases: "two dogs", "missing id", "not found › for good", "offline""#
        )
    }
}
