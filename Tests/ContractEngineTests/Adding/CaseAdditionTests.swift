import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `CaseAddition` and `ContractPlace`: `add` planned in the engine, which answers in values (what
/// was added, or a typed problem) and never names a command-line option.
@Suite("case addition")
struct CaseAdditionTests {
    static let peruContract = """
        {
          "endpoint": "countries.byName",
          "arguments": { "name": "peru" },
          "cases": [
            { "name": "offline", "response": { "networkError": "timedOut" }, "expect": { "error": "responseUnsuccessful" } }
          ]
        }

        """
    static let peru = #"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#

    /// An addition to a contract of a suite folder.
    static func addition(
        _ folder: borrowing SuiteFolder, contract: String, request: CaseAddition.Request
    ) throws -> CaseAddition {
        let location = SuiteLocation(currentDirectory: folder.url)
        let place = try location.contractPlace(contract, fixtures: nil).get()
        let writer = SuiteWriter(root: location.root, temporaries: SuiteWriter.TemporaryFiles(), waiting: {})
        return CaseAddition(place: place, catalogue: .standard, request: request, writer: writer, timeout: 5)
    }

    /// Adds a body file of the folder.
    static func add(
        _ file: String, in folder: borrowing SuiteFolder, contract: String, request: CaseAddition.Request,
        destination: String? = nil
    ) async throws -> CaseAddition.Account<CaseAddition.Added> {
        var request = request
        request.destination = destination
        let addition = try addition(folder, contract: contract, request: request)
        return await addition.add(file: folder.url.appendingPathComponent(file), display: file)
    }

    @Test("a body file outside the fixtures folder becomes a fixture and an appended case, said as values, and runs")
    func appends() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/peru.json", Self.peruContract)
        try folder.write("Downloads/peru.json", Self.peru)
        let account = try await Self.add(
            "Downloads/peru.json", in: folder, contract: "contracts/peru.json", request: .init(name: "peru"))
        let added = try account.result.get()
        #expect(account.warnings.isEmpty)
        #expect(added.fixture == "Fixtures/peru/peru.json")
        #expect(added.copiedFrom == "Downloads/peru.json")
        #expect(added.recorded == nil)
        #expect(!added.created)
        #expect(added.caseCount == 2)
        #expect(added.observed == "a decoded [Country] of 1 element")
        #expect(added.results.map(\.caseName) == ["peru"])
        #expect(added.results.map(\.status) == [.passed])
        #expect(try folder.read("Fixtures/peru/peru.json") == Data(Self.peru.utf8))
        let contract = String(decoding: try folder.read("contracts/peru.json"), as: UTF8.self)
        #expect(contract.hasPrefix(String(Self.peruContract.prefix(while: { $0 != "]" })).dropLast(3)))
        #expect(
            contract.contains(#""expect": { "decodes": true, "count": 1, "values": { "[0].name.common": "Peru" } } }"#))
    }

    @Test("a new endpoint contract states the client's request, and an asked-for expectation is written as asked")
    func createsContract() async throws {
        let folder = try SuiteFolder()
        try folder.write("Downloads/peru.json", Self.peru)
        try folder.write("schema/contract.schema.json", "{}")
        var request = CaseAddition.Request(name: "teapot")
        request.endpoint = "countries.byName"
        request.arguments = #"{"name":"peru"}"#
        request.status = 418
        request.expect = .error("responseUnsuccessful")
        let added = try await Self.add(
            "Downloads/peru.json", in: folder, contract: "contracts/countries/peru.json", request: request
        ).result.get()
        #expect(added.created)
        #expect(added.observed == nil)
        #expect(added.results.map(\.status) == [.passed])
        let contract = String(decoding: try folder.read("contracts/countries/peru.json"), as: UTF8.self)
        #expect(contract.contains(#""$schema": "../../schema/contract.schema.json""#))
        // Written as the contract writes its other blocks, however the arguments were typed.
        #expect(contract.contains(#""arguments": { "name": "peru" },"#), "\(contract)")
        #expect(contract.contains(#""request": { "method": "GET", "path": "/v3.1/name/peru", "query": {} }"#))
        #expect(contract.contains(#""expect": { "error": "responseUnsuccessful", "status": 418 }"#))
    }

    @Test("what stops an add is a typed problem, and nothing is written")
    func problems() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/peru.json", Self.peruContract)
        try folder.write("Downloads/peru.json", Self.peru)
        try folder.write("Fixtures/peru/peru.json", "[]")
        let before = try folder.read("contracts/peru.json")
        let duplicate = try await Self.add(
            "Downloads/peru.json", in: folder, contract: "contracts/peru.json", request: .init(name: "offline"),
            destination: "elsewhere.json")
        guard case .failure(.duplicateName(let contract, let name)) = duplicate.result else {
            Issue.record("\(duplicate.result)")
            return
        }
        #expect((contract, name) == ("contracts/peru.json", "offline"))
        let inTheWay = try await Self.add(
            "Downloads/peru.json", in: folder, contract: "contracts/peru.json", request: .init(name: "new"))
        guard case .failure(.fixtureInTheWay(let fixture)) = inTheWay.result else {
            Issue.record("\(inTheWay.result)")
            return
        }
        #expect(fixture == "Fixtures/peru/peru.json")
        var noArguments = CaseAddition.Request(name: "x")
        noArguments.endpoint = "countries.byName"
        let missing = try await Self.add(
            "Downloads/peru.json", in: folder, contract: "contracts/new.json", request: noArguments,
            destination: "new/peru.json")
        guard case .failure(.missingArgument(let endpoint, let argument, _, _, let isNew)) = missing.result else {
            Issue.record("\(missing.result)")
            return
        }
        #expect((endpoint, argument, isNew) == ("countries.byName", "name", true))
        let untargeted = try await Self.add(
            "Downloads/peru.json", in: folder, contract: "contracts/new.json", request: .init(name: "x"),
            destination: "new/peru.json")
        guard case .failure(.noTarget) = untargeted.result else {
            Issue.record("\(untargeted.result)")
            return
        }
        #expect(try folder.read("contracts/peru.json") == before)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("contracts/new.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Fixtures/new").path))
    }

    @Test("the engine's own refusals name no command-line option")
    func refusalsNameNoOption() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/peru.json", Self.peruContract)
        try folder.write("contracts/broken.json", #"{"endpoint": "countries.byName", "cases": [}"#)
        try folder.write("Downloads/peru.json", Self.peru)
        try folder.write("Downloads/deep.json", String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        var otherEndpoint = CaseAddition.Request(name: "x")
        otherEndpoint.endpoint = "countries.all"
        var blankGiven = CaseAddition.Request(name: "x")
        blankGiven.given = " "
        let attempts: [(String, String, CaseAddition.Request)] = [
            ("Downloads/peru.json", "contracts/broken.json", .init(name: "x")),
            ("Downloads/peru.json", "contracts/peru.json", otherEndpoint),
            ("Downloads/deep.json", "contracts/peru.json", .init(name: "x")),
            ("Downloads/peru.json", "contracts/peru.json", blankGiven),
            ("Downloads/missing.json", "contracts/peru.json", .init(name: "x")),
        ]
        for (file, contract, request) in attempts {
            let account = try await Self.add(file, in: folder, contract: contract, request: request)
            guard case .failure(.refused(let diagnostics, let message)) = account.result else {
                Issue.record("\(file) into \(contract): \(account.result)")
                continue
            }
            let said = ([message] + diagnostics.map(\.message)).joined(separator: "\n")
            #expect(!said.contains("--"), "\(said)")
        }
    }

    @Test("a new case's problems are placed where the case stands in the new file, as loading it whole places them")
    func newCasePositions() async throws {
        for newline in ["\n", "\r\n"] {
            let folder = try SuiteFolder()
            try folder.write("contracts/peru.json", Self.peruContract.replacingOccurrences(of: "\n", with: newline))
            try folder.write("Downloads/peru.json", Self.peru)
            var request = CaseAddition.Request(name: "blank given")
            request.given = ""
            let account = try await Self.add(
                "Downloads/peru.json", in: folder, contract: "contracts/peru.json", request: request)
            guard case .failure(.refused(let diagnostics, "the case was not added")) = account.result else {
                Issue.record("\(account.result)")
                continue
            }
            #expect(
                diagnostics.map(\.rendered) == [
                    "contracts/peru.json:7:16: error: \"given\" names the provider state the case needs; it must not be empty"
                ])
        }
    }

    @Test("a contract's place: its fixtures folder and schema from its path, or why verify would never run it")
    func places() throws {
        let folder = try SuiteFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("contracts/countries"), withIntermediateDirectories: true)
        let root = SuiteLocation(currentDirectory: folder.url)
        // No schema file in the suite: a new contract names none, rather than one that is not there.
        #expect(try root.contractPlace("contracts/countries/by-name.json", fixtures: nil).get().schema == nil)
        try folder.write("schema/contract.schema.json", "{}")
        let place = try root.contractPlace("./contracts//countries/by-name.json", fixtures: nil).get()
        #expect(place.fixtureFolder == "countries/by-name")
        #expect(place.schema == "../../schema/contract.schema.json")
        #expect(place.fixtures.displayName(place.fixtureFolder) == "Fixtures/countries/by-name")
        guard case .failure(.outsideContracts(_, let meant)) = root.contractPlace("other/x.json", fixtures: nil) else {
            Issue.record("other/x.json is outside contracts/")
            return
        }
        #expect(meant == "contracts/x.json")
        let inside = SuiteLocation(currentDirectory: folder.url.appendingPathComponent("contracts/countries"))
        guard case .failure(.outsideContracts(_, let fromHere)) = inside.contractPlace("x.json", fixtures: nil) else {
            Issue.record("x.json from contracts/countries is at the root")
            return
        }
        #expect(fromHere == "contracts/countries/x.json")
        guard case .failure(.notJSON) = root.contractPlace("contracts/x.txt", fixtures: nil) else {
            Issue.record("contracts/x.txt is not JSON")
            return
        }
    }
}
