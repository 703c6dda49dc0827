import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

@Suite("fixture decoding")
struct FixtureDecoderTests {
    private func problem(_ json: String, as model: ModelDescriptor) throws -> DecodeProblem {
        switch FixtureDecoder.decode(Data(json.utf8), as: model) {
        case .success: throw DecodingSucceeded()
        case .failure(let problem): return problem
        }
    }

    struct DecodingSucceeded: Error {}

    @Test("a number that does not fit an Int gets its path and position, which Linux's decoder omits")
    func numberDoesNotFit() throws {
        let found = try problem("[{\"population\": 1},\n {\"population\": 2.02}]", as: .countries)
        #expect(
            found
                == DecodeProblem(
                    path: "[1].population", reason: "expected a whole number, found 2.02",
                    position: .init(line: 2, column: 17)))
    }

    /// Issue 38, item 15: JSONDecoder refuses such a number "not valid JSON" at no path; the
    /// tool names the key, as the agreement step needs to tell an optional key's break.
    @Test("a whole number past Int's range, in bare digits, fails at its path")
    func wholeNumberPastIntRange() throws {
        for literal in ["-9223372036854775809", "9223372036854775808", "18446744073709551616"] {
            let found = try problem(#"[{"population": \#(literal)}]"#, as: .countries)
            #expect(found.path == "[0].population", "\(literal): \(found)")
            #expect(found.reason == "number \(literal) does not fit in Int")
        }
    }

    private struct Cost: Decodable {
        let v: Decimal
    }

    @Test("the tool reads a Decimal where JSONDecoder reads one: by the exponent as written")
    func decimalAsJSONDecoderReadsIt() {
        let literals = [
            "1e127", "1e128", "10e127", "1.5e128", "0.1e129", "9.9e127", "1e-128", "1e-129", "0.000001e-122",
            "0.000001e-123", "1234567890123456789012345678901234567890",
            "1234567890123456789012345678901234567890.5e126",
            "340282366920938463463374607431768211456e127", "340282366920938463463374607431768211455e127",
            "12345678901234567890123456789012345678901e100", "99999999999999999999999999999999999999e127", "-1e128",
            "850", "1200.5", "0", "-0.0", "1.8e308", "5e-324",
        ]
        for literal in literals {
            let decoded = (try? JSONDecoder().decode(Cost.self, from: Data(#"{"v": \#(literal)}"#.utf8))) != nil
            #expect(NodeDecoder.decimalExponentFits(literal) == decoded, "\(literal)")
        }
    }

    @Test("a dictionary key written as digits is a key, not an index: the path says *, the position is its entry's")
    func numericDictionaryKey() throws {
        let json = #"[{"name": {"common": "X"}, "gini": {"2018": 41.2, "2019": "high"}}]"#
        let found = try problem(json, as: .countries)
        #expect(found.path == "[0].gini.*")
        #expect(found.reason == #"expected a number, found "high""#)
        #expect(found.position == .init(line: 1, column: 59))
    }

    @Test("a number too large for an Int is named as such")
    func numberTooLarge() throws {
        let found = try problem("[{\"population\": 1e30}]", as: .countries)
        #expect(found.path == "[0].population")
        #expect(found.reason == "number 1e30 does not fit in Int")
    }

    @Test("a missing key points at the object that lacks it")
    func missingKey() throws {
        let found = try problem(SampleSuite.dogsMissingID, as: .dogs)
        #expect(
            found
                == DecodeProblem(path: "[1].id", reason: "required key is missing", position: .init(line: 5, column: 3))
        )
    }

    @Test("a type mismatch names what was expected and what was found")
    func typeMismatch() throws {
        let json = SampleSuite.dogs.replacingOccurrences(of: "\"cost\": 850", with: "\"cost\": \"free\"")
        let found = try problem(json, as: .dogs)
        #expect(found.summary == #"[0].cost: expected a number, found "free""#)
    }

    @Test(
        "a value of the wrong shape is explained",
        arguments: [
            (#"[{"name": "France"}]"#, "[0].name", #"expected an object, found "France""#),
            (#"{"name": {}}"#, "", #"expected an array, found an object"#),
            (#"[{"capital": [1]}]"#, "[0].capital[0]", "expected a string, found 1"),
            (#"[{"area": null, "landlocked": "no"}]"#, "[0].landlocked", #"expected a boolean, found "no""#),
        ])
    func shapes(json: String, path: String, reason: String) throws {
        let found = try problem(json, as: .countries)
        #expect(found.path == path)
        #expect(found.reason == reason)
    }

    @Test("a bad UUID or URL is named")
    func uuidAndURL() throws {
        let badUUID = SampleSuite.dogs.replacingOccurrences(
            of: "11111111-2222-4333-8444-555555555555", with: "not-a-uuid")
        #expect(try problem(badUUID, as: .dogs).summary == #"[0].id: "not-a-uuid" is not a UUID"#)
    }

    @Test("a syntax error in a body gets its line, column and path")
    func syntaxError() throws {
        let found = try problem("[\n  {\"name\": {\"common\": \"France\"}},\n  {\"name\": }\n]", as: .countries)
        #expect(found.path == "[1].name")
        #expect(found.reason.hasPrefix("invalid JSON: unexpected '}'"))
        #expect(found.position == SourcePosition(line: 3, column: 12))
    }

    @Test("a body that decodes yields its value")
    func decodes() throws {
        let value = try FixtureDecoder.decode(Data(SampleSuite.dogs.utf8), as: .dogs).get()
        #expect(value.count == 2)
    }
}
