import ContractTestSupport
import Foundation
import Testing

/// The exports of the repository's own suite, pinned byte for byte by committed documents (as
/// reference tests do): a change to a rule, a request or a schema shows as a diff of these files
/// in review. To take a deliberate change, run the tests with `DOGPATCH_UPDATE_EXPECTED=1` and
/// commit the new files.
@Suite("the exports of the repository's suite, byte for byte")
struct ExpectedExportTests {
    static let root = Repository.root
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Expected")

    @Test(
        "export pact and export openapi write the committed documents",
        arguments: [
            (["export", "pact", "--out"], ["dogpatch-app-countries.json", "dogpatch-app-dogpatch.json"]),
            (["export", "openapi", "--out"], ["openapi.json"]),
        ])
    func pinned(command: [String], files: [String]) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dogpatch-contracts-expected-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let target = files.count == 1 ? out.appendingPathComponent(files[0]) : out
        let run = try ToolRun.execute(command + [target.path], in: Self.root)
        #expect(run.status == 0, "\(run.stderr)")
        for file in files {
            let written = try Data(contentsOf: out.appendingPathComponent(file))
            let pinned = Self.expected.appendingPathComponent(file)
            if ProcessInfo.processInfo.environment["DOGPATCH_UPDATE_EXPECTED"] == "1" {
                try written.write(to: pinned)
                continue
            }
            #expect(
                try Data(contentsOf: pinned) == written,
                "\(file) differs from Tests/DogPatchContractsTests/Export/Expected/\(file); if the change is meant, run DOGPATCH_UPDATE_EXPECTED=1 swift test --filter ExpectedExportTests and commit the file"
            )
        }
    }

    /// The regex of a body rule at a path in a committed pact (the pinned test above ties it to
    /// the export).
    static func regex(_ file: String, at path: String) throws -> NSRegularExpression {
        let pact = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: expected.appendingPathComponent(file)))
                as? [String: Any])
        let interactions = try #require(pact["interactions"] as? [[String: Any]])
        for interaction in interactions {
            let response = interaction["response"] as? [String: Any]
            let rules = (response?["matchingRules"] as? [String: Any])?["body"] as? [String: Any]
            let matchers = (rules?[path] as? [String: Any])?["matchers"] as? [[String: Any]]
            if let pattern = matchers?.compactMap({ $0["regex"] as? String }).first {
                return try NSRegularExpression(pattern: pattern)
            }
        }
        throw CocoaError(.coderValueNotFound)
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Issue 38, items 13 and 14, as the verifier reads the rules: `.` matches no newline there
    /// (nor in these regexes here), and it prints a number as its digits or its shortest float.
    @Test("the pacts' rules: a URL may end in a newline, an Int stops at Int.max, a Decimal before 10^128")
    func rulesAtTheEdges() throws {
        let url = try Self.regex("dogpatch-app-dogpatch.json", at: "$[*].imageURL")
        #expect(Self.matches(url, "https://img.test/noodle.png\n"))
        #expect(!Self.matches(url, ""))
        let population = try Self.regex("dogpatch-app-countries.json", at: "$[*].population")
        #expect(Self.matches(population, "9223372036854775807"))
        #expect(!Self.matches(population, "9223372036854775808"))
        #expect(!Self.matches(population, "18446744073709551615"))
        let cost = try Self.regex("dogpatch-app-dogpatch.json", at: "$[*].cost")
        #expect(Self.matches(cost, "850") && Self.matches(cost, "9.9e+127"))
        #expect(!Self.matches(cost, "1e+128"))
    }
}
