import ContractEngine
import ContractTestSupport
import Foundation
import Testing

/// Inputs a developer could commit, each beside a good contract that must still pass.
@Suite("hostile input")
struct HostileInputTests {
    struct Input: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int32
        /// Text stderr must contain: the file, the position and the message.
        let diagnostic: String?
        let setUp: @Sendable (borrowing SuiteFolder) throws -> Void
        var testDescription: String { name }

        init(
            _ name: String, _ status: Int32, _ diagnostic: String?,
            setUp: @escaping @Sendable (borrowing SuiteFolder) throws -> Void
        ) {
            self.name = name
            self.status = status
            self.diagnostic = diagnostic
            self.setUp = setUp
        }

        /// A contract file with these bytes.
        static func contract(_ name: String, _ status: Int32, _ diagnostic: String?, _ bytes: Data) -> Input {
            Input(name, status, diagnostic) { try $0.write("contracts/bad.json", bytes) }
        }

        /// A fixture with these bytes, used by a case that expects `[Dog]` to decode.
        static func fixture(_ name: String, _ status: Int32, _ diagnostic: String?, _ bytes: Data) -> Input {
            Input(name, status, diagnostic) { folder in
                try folder.write("Fixtures/bad.json", bytes)
                try folder.write("contracts/bad.json", fixtureContract)
            }
        }
    }

    static let fixtureContract = """
        {"endpoint": "dogpatch.getDogs", "cases": [{"name": "hostile", "response": {"fixture": "bad.json"}, "expect": {"decodes": true}}]}
        """

    static func bytes(_ text: String) -> Data { Data(text.utf8) }

    /// Bytes that are not text: a fixed pseudo-random sequence.
    static let garbage: Data = {
        var generator = SplitMix64(seed: 7)
        return Data((0..<512).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }()

    static let deepArrays = bytes(String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000))
    static let deepObjects = bytes(
        String(repeating: "{\"a\":", count: 200_000) + "1" + String(repeating: "}", count: 200_000))

    static let contractInputs: [Input] = [
        .contract(
            "missing comma", 2,
            "contracts/bad.json:1:19: error: invalid JSON: unexpected '\"': expected ',' or '}' after a member",
            bytes(#"{"model": "[Dog]" "cases": []}"#)),
        .contract(
            "trailing comma", 2, "contracts/bad.json:1:32: error: invalid JSON: trailing comma before '}'",
            bytes(#"{"model": "[Dog]", "cases": [],}"#)),
        .contract(
            "unterminated string", 2, "contracts/bad.json:1:11: error: invalid JSON: unterminated string",
            bytes(#"{"model": "[Dog]"#)),
        .contract(
            "bad escape", 2, #"contracts/bad.json:1:16: error: invalid JSON: invalid escape '\q' in a string"#,
            bytes(#"{"model": "[Dog\q]", "cases": []}"#)),
        .contract(
            "lone surrogate", 2, #"contracts/bad.json:1:12: error: invalid JSON: lone surrogate \ud800"#,
            bytes(#"{"model": "\ud800", "cases": []}"#)),
        .contract(
            "raw control character", 2, "contracts/bad.json:1:13: error: invalid JSON: unescaped control character",
            bytes("{\"model\": \"[\u{07}Dog]\", \"cases\": []}")),
        .contract(
            "trailing garbage", 2, "contracts/bad.json:2:1: error: invalid JSON: unexpected 'x' after the JSON value",
            bytes("{\"model\": \"[Dog]\", \"cases\": []}\nx")),
        .contract("empty file", 2, "contracts/bad.json:1:1: error: invalid JSON: the file is empty", Data()),
        .contract(
            "NUL bytes", 2, "contracts/bad.json:1:1: error: invalid JSON: unexpected NUL byte",
            Data(repeating: 0, count: 64)),
        .contract("binary garbage", 2, "contracts/bad.json:1:1: error: invalid JSON", garbage),
        .contract(
            "invalid UTF-8 in a string", 2, "contracts/bad.json:1:11: error: invalid JSON: invalid UTF-8 in a string",
            bytes(#"{"model": "[Do"#) + Data([0xC3, 0x28]) + bytes(#"g]", "cases": []}"#)),
        .contract(
            "arrays nested 200,000 deep", 2,
            "contracts/bad.json:1:513: error: invalid JSON: nesting deeper than 512 levels", deepArrays),
        .contract(
            "objects nested 200,000 deep", 2,
            "contracts/bad.json:1:2561: error: invalid JSON: nesting deeper than 512 levels", deepObjects),
        .contract(
            "a number beyond Double", 2,
            #"contracts/bad.json:2:40: error: "status" must be a whole number, found 1e999"#,
            bytes(
                """
                {"model": "[Dog]", "cases": [
                  {"name": "a", "response": {"status": 1e999}, "expect": {"error": "responseUnsuccessful"}}]}
                """)),
        .contract(
            "duplicate keys", 2,
            #"contracts/bad.json:1:20: error: duplicate key "model" in the contract (first at line 1)"#,
            bytes(#"{"model": "[Dog]", "model": "Dog", "cases": []}"#)),
        .contract(
            "a contract over the size limit", 2,
            "contracts/bad.json:1:1: error: contract is 17825792 bytes, over the limit",
            Data(count: 17 << 20)),
        .contract(
            "byte-order mark before valid JSON", 0, nil,
            Data([0xEF, 0xBB, 0xBF])
                + bytes(
                    """
                    {"model": "[Dog]", "cases": [{"name": "bom", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}}]}
                    """)),
    ]

    static let fixtureInputs: [Input] = [
        .fixture(
            "fixture: missing comma", 1,
            "Fixtures/bad.json:1:10: error: [0]: invalid JSON: unexpected '\"': expected ',' or '}' after a member",
            bytes(#"[{"a": 1 "b": 2}]"#)),
        .fixture(
            "fixture: trailing comma", 1, "Fixtures/bad.json:1:4: error: invalid JSON: trailing comma before ']'",
            bytes("[1,]")),
        .fixture(
            "fixture: lone surrogate", 1,
            #"Fixtures/bad.json:1:10: error: [0].id: invalid JSON: lone surrogate \ud800"#,
            bytes(#"[{"id": "\ud800"}]"#)),
        .fixture(
            "fixture: empty file", 1,
            "expected a decoded [Dog], but a correct client gets invalidData from this response", Data()),
        .fixture(
            "fixture: NUL bytes", 1, "Fixtures/bad.json:1:1: error: invalid JSON: unexpected NUL byte",
            Data(repeating: 0, count: 64)),
        .fixture("fixture: binary garbage", 1, "Fixtures/bad.json:1:1: error: invalid JSON", garbage),
        .fixture(
            "fixture: invalid UTF-8", 1,
            "Fixtures/bad.json:1:9: error: [0].id: invalid JSON: invalid UTF-8 in a string",
            bytes(#"[{"id": "a"#) + Data([0xFF]) + bytes(#""}]"#)),
        .fixture(
            "fixture: nested 200,000 deep", 2,
            "Fixtures/bad.json:1:513: error: body nests arrays and objects deeper than 512 levels", deepArrays),
        .fixture(
            "fixture: a number beyond Double", 1,
            "Fixtures/bad.json:4:43: error: [0].breederRating: number 1e999 does not fit in Double",
            bytes(SampleSuite.dogs.replacingOccurrences(of: "\"breederRating\": 4.2", with: "\"breederRating\": 1e999"))
        ),
        .fixture(
            "fixture: duplicate keys decode as JSONDecoder reads them", 0, nil,
            bytes(
                SampleSuite.dogs.replacingOccurrences(
                    of: "\"name\": \"Noodle\"", with: "\"name\": \"Noodle\", \"name\": 5"))),
        // 1 MiB is ten times the bound on stderr below: a message that quoted the value whole
        // would break it, and the 36 characters and the ellipsis show where it is cut (30 MB
        // proved no more and took five seconds to verify).
        .fixture(
            "fixture: a 1 MiB string", 1,
            #"Fixtures/bad.json:2:10: error: [0].id: ""# + String(repeating: "a", count: 36) + "... is not a UUID",
            bytes(
                SampleSuite.dogs.replacingOccurrences(
                    of: "11111111-2222-4333-8444-555555555555", with: String(repeating: "a", count: 1 << 20)))),
        .fixture("fixture: byte-order mark", 0, nil, Data([0xEF, 0xBB, 0xBF]) + bytes(SampleSuite.dogs)),
        Input(
            "fixture over the size limit", 2,
            "Fixtures/bad.json:1:1: error: fixture is 68157440 bytes, over the limit of 67108864 bytes"
        ) { folder in
            try folder.write("contracts/bad.json", fixtureContract)
            try folder.write("Fixtures/bad.json", Data())
            // A sparse file: the tool must refuse it by its size, without reading it.
            let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("Fixtures/bad.json"))
            try handle.truncate(atOffset: 65 << 20)
            try handle.close()
        },
        Input(
            "fixture that is a folder", 2,
            #"contracts/bad.json:1:88: error: fixture "Fixtures/bad.json" is a folder, not a file"#
        ) { folder in
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent("Fixtures/bad.json"), withIntermediateDirectories: true)
            try folder.write("contracts/bad.json", fixtureContract)
        },
        Input("a symlink loop inside contracts/", 0, nil) { folder in
            try FileManager.default.createSymbolicLink(
                at: folder.url.appendingPathComponent("contracts/loop"),
                withDestinationURL: folder.url.appendingPathComponent("contracts")
            )
            try FileManager.default.createSymbolicLink(
                at: folder.url.appendingPathComponent("contracts/self.json"),
                withDestinationURL: folder.url.appendingPathComponent("contracts/self.json")
            )
        },
        Input(
            "a FIFO named like a contract is refused, never waited on", 2,
            "contracts/pipe.json: error: cannot read the contract: it is not a regular file"
        ) {
            folder in
            #expect(mkfifo(folder.url.appendingPathComponent("contracts/pipe.json").path, 0o600) == 0)
        },
        Input("files in contracts/ that are not JSON are ignored", 0, nil) { folder in
            try folder.write("contracts/README.md", "# notes")
            try folder.write("contracts/.DS_Store", garbage)
        },
        Input("a contract with 10,000 cases", 0, nil) { folder in
            let cases = (0..<10_000).map {
                #"{"name": "case \#($0)", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 0}}"#
            }
            try folder.write(
                "contracts/many.json", #"{"model": "[Dog]", "cases": ["# + cases.joined(separator: ",\n") + "]}")
        },
    ]

    @Test(
        "exits 0, 1 or 2 with the file and position named, and the good contract still passes",
        .timeLimit(.minutes(2)), arguments: contractInputs + fixtureInputs)
    func hostile(_ input: Input) throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try input.setUp(folder)
        let run = try folder.run(["verify", "--timeout", "2"])
        #expect(run.status == input.status, "stderr: \(run.stderr.prefix(2000))")
        if let diagnostic = input.diagnostic {
            #expect(run.stderr.contains(diagnostic), "stderr: \(run.stderr.prefix(2000))")
        }
        #expect(run.cases("PASS").filter { $0.contains("contracts/good.json") }.count == 4)
        #expect(run.stderr.utf8.count < 100_000, "diagnostics must stay short")
    }
}
