import ContractTestSupport
import Foundation
import Testing

/// Issue 30, item 7: `values` compares as the model's type compares, so a lower-case UUID matches
/// the UUID the decoder read (and `UUID` writes in upper case), while a plain string keeps its case.
@Suite("values compared as the model reads them")
struct ValueComparisonTests {
    static func contract(_ values: String) -> String {
        """
        {
          "model": "[Dog]",
          "cases": [
            { "name": "page", "response": { "fixture": "dogs.json" },
              "expect": { "decodes": true, "values": \(values) } }
          ]
        }
        """
    }

    @Test("a UUID written in lower case matches the decoded UUID")
    func lowerCaseUUID() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", SampleSuite.dogs)
        try folder.write(
            "contracts/dogs.json",
            Self.contract(
                #"{ "[0].sellerID": "66666666-7777-4888-9999-aaaaaaaaaaaa", "[1].id": "22222222-3333-4444-8555-666666666666" }"#
            ))
        let run = try folder.run(["verify"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test("another UUID, or a plain string in another case, still fails")
    func differentValuesFail() throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", SampleSuite.dogs)
        try folder.write(
            "contracts/dogs.json",
            Self.contract(#"{ "[0].sellerID": "66666666-7777-4888-9999-aaaaaaaaaaab", "[0].name": "noodle" }"#))
        let run = try folder.run(["verify"])
        #expect(run.status == 1)
        #expect(run.stderr.contains(#"[0].sellerID: expected "66666666-7777-4888-9999-aaaaaaaaaaab""#), "\(run.stderr)")
        #expect(run.stderr.contains(#"[0].name: expected "noodle", decoded "Noodle""#), "\(run.stderr)")
    }
}
