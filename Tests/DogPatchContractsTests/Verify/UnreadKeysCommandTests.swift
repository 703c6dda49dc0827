import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

@Suite("ignored keys, end to end")
struct UnreadKeysCommandTests {
    /// Two dogs carrying keys the Dog model does not have: `gender` in both, `microchip` in one.
    static let dogsWithExtras = """
        [
          {"id": "11111111-2222-4333-8444-555555555555", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA",
           "about": "a", "breed": "Pug", "name": "Noodle", "birthday": 1, "created": 2, "breederRating": 4.2,
           "cost": 850, "imageURL": "https://img.test/noodle.png", "gender": "female"},
          {"id": "22222222-3333-4444-8555-666666666666", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA",
           "about": "a", "breed": "Poodle", "name": "Olive", "birthday": 1, "created": 2, "breederRating": 4.9,
           "cost": 1, "imageURL": "https://img.test/olive.png", "gender": "male",
           "microchip": {"id": "985112345678901", "registry": "PetLink"}}
        ]
        """

    static func contract(ignoredKeys: String = "") -> String {
        """
        {
          "endpoint": "dogpatch.getDogs",\(ignoredKeys)
          "cases": [
            { "name": "page", "response": { "fixture": "dogs.json" }, "expect": { "decodes": true, "count": 2 } },
            { "name": "same page, slowly", "response": { "fixture": "dogs.json", "delayMs": 5 }, "expect": { "decodes": true } }
          ]
        }
        """
    }

    @Test("verify warns once per contract and key, collapsed over elements, and still exits 0")
    func warnings() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", Self.dogsWithExtras)
        try folder.write("contracts/dogs.json", Self.contract())
        let run = await folder.runInProcess(["verify"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.cases("PASS").count == 2)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(
            warnings == [
                "Fixtures/dogs.json:4:60: warning: [*].gender: the [Dog] model never reads this key (2 occurrences)",
                "Fixtures/dogs.json:8:4: warning: [*].microchip: the [Dog] model never reads this key (1 occurrence)",
            ])
        #expect(run.stdout.hasSuffix("2 passed, 0 failed, 0 errors, 0 skipped (2 warnings)\n"))
    }

    @Test("--strict fails every case whose body has an ignored key and exits 1")
    func strict() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", Self.dogsWithExtras)
        try folder.write("contracts/dogs.json", Self.contract())
        let run = await folder.runInProcess(["verify", "--strict"])
        #expect(run.status == 1)
        #expect(run.cases("FAIL").count == 2)
        #expect(
            run.stderr.contains(
                "Fixtures/dogs.json:4:60: error: [*].gender: the [Dog] model never reads this key (2 occurrences)"))
    }

    @Test("keys a contract lists in \"ignoredKeys\" are not reported, even with --strict")
    func acknowledged() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", Self.dogsWithExtras)
        try folder.write(
            "contracts/dogs.json", Self.contract(ignoredKeys: #"\#n  "ignoredKeys": ["[*].gender", "[*].microchip"],"#))
        let run = await folder.runInProcess(["verify", "--strict"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
    }

    @Test("a model whose keys never match the JSON loses data, and verify says where")
    func lossyModel() async throws {
        struct Currency: Codable, Equatable, Sendable { var name: String? }
        // `currency` where the JSON says `currencies`: every currency is dropped without an error.
        struct LossyCountry: Codable, Equatable, Sendable {
            var name: String?
            var currency: [String: Currency]?
        }
        let model = ModelDescriptor(
            [LossyCountry].self, name: "[LossyCountry]", makeDecoder: JSONDecoder.init, makeEncoder: JSONEncoder.init
        )
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/countries.json",
            #"[{"name": "Peru", "currencies": {"PEN": {"name": "sol"}}}, {"name": "Chad", "currencies": {"XAF": {"name": "franc"}}}]"#
        )
        try folder.write(
            "contracts/lossy.json",
            #"{"model": "[LossyCountry]", "cases": [{"name": "two", "response": {"fixture": "countries.json"}, "expect": {"decodes": true}}]}"#
        )
        let output = await folder.runInProcess(
            ["verify", "--strict"], catalogue: Catalogue(endpoints: [], models: [model]))
        #expect(output.code == .failure)
        #expect(
            output.stderr.contains(
                "Fixtures/countries.json:1:19: error: [*].currencies: the [LossyCountry] model never reads this key (2 occurrences)"
            ))
    }
}

/// Bodies in UTF-16 and UTF-32, which `JSONDecoder` accepts (PowerShell writes UTF-16 by default).
@Suite("bodies in UTF-16 and UTF-32, end to end")
struct WideEncodingTests {
    static let body = "[{\"name\": {\"common\": \"Peru\"},\n  \"zzz\": 1, \"area\": 5}]"

    /// The body in each encoding `JSONDecoder` detects, with and without a byte-order mark.
    static let encodings: [(String, Data)] = {
        func bytes(_ encoding: String.Encoding, mark: [UInt8] = []) -> Data {
            Data(mark) + (body.data(using: encoding) ?? Data())
        }
        return [
            ("UTF-16LE with a mark", bytes(.utf16LittleEndian, mark: [0xFF, 0xFE])),
            ("UTF-16BE with a mark", bytes(.utf16BigEndian, mark: [0xFE, 0xFF])),
            ("UTF-16LE", bytes(.utf16LittleEndian)),
            ("UTF-16BE", bytes(.utf16BigEndian)),
            ("UTF-32LE", bytes(.utf32LittleEndian)),
            ("UTF-32BE", bytes(.utf32BigEndian)),
        ]
    }()

    @Test("an unread key is reported at its line and column, and --strict fails it", arguments: encodings)
    func unreadKey(_ name: String, _ data: Data) async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/peru.json", data)
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.all", "cases": [{"name": "peru", "response": {"fixture": "peru.json"},
             "expect": {"decodes": true, "values": {"[0].area": 5}}}]}
            """)
        let run = await folder.runInProcess(["verify", "--strict"])
        #expect(run.status == 1, "\(name): \(run.stdout)")
        #expect(
            run.stderr
                == "Fixtures/peru.json:2:3: error: [*].zzz: the [Country] model never reads this key (1 occurrence)\n",
            "\(name)")
    }

    @Test("UTF-32LE with a mark is read as JSONDecoder reads it (UTF-16LE, so invalid), and the client agrees")
    func markedUTF32LittleEndian() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/peru.json",
            Data([0xFF, 0xFE, 0x00, 0x00]) + (Self.body.data(using: .utf32LittleEndian) ?? Data()))
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.all", "cases": [{"name": "peru", "response": {"fixture": "peru.json"},
             "expect": {"error": "jsonConversionFailure"}}]}
            """)
        let run = await folder.runInProcess(["verify", "--strict"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test("a decoding failure in a UTF-16 body gets its path, line and column")
    func decodingFailure() async throws {
        let folder = try SuiteFolder()
        let text = "[{\"name\": {\"common\": \"Peru\"},\n  \"area\": \"big\"}]"
        try folder.write("Fixtures/peru.json", Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data()))
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.all", "cases": [{"name": "peru", "response": {"fixture": "peru.json"},
             "expect": {"error": "jsonConversionFailure", "path": "[0].area"}}]}
            """)
        let run = await folder.runInProcess(["verify"])
        #expect(run.status == 0, "\(run.stderr)")
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.all", "cases": [{"name": "peru", "response": {"fixture": "peru.json"},
             "expect": {"decodes": true}}]}
            """)
        let wrong = await folder.runInProcess(["verify"])
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr.hasPrefix("Fixtures/peru.json:2:11: error: [0].area: expected a number, found \"big\""),
            "\(wrong.stderr)")
    }
}
