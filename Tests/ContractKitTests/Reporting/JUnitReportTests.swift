import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("JUnit report")
struct JUnitReportTests {
    @Test("parses as XML with one suite a contract and the right test, failure, error and skip counts")
    func parses() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/good.json",
            SampleSuite.dogsContract.replacingOccurrences(of: #""count": 2"#, with: #""count": 3"#))
        try folder.write(
            "contracts/skips.json",
            """
            {"model": "[Dog]", "cases": [
              {"name": "later", "skip": "waiting for <the> API & co", "response": {"fixture": "dogs.json"}, "expect": {"decodes": true}},
              {"name": "gone", "response": {"fixture": "gone.json"}, "expect": {"decodes": true}}]}
            """)
        let run = try folder.run(["verify", "--format", "junit"])
        #expect(run.status == 2)
        let document = try XMLDocument(data: Data(run.stdout.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "6")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(
            suites.map { $0.attribute(forName: "name")?.stringValue } == [
                "contracts/good.json", "contracts/skips.json",
            ])
        let good = try #require(suites.first)
        #expect(good.elements(forName: "testcase").count == 4)
        let failed = try #require(good.elements(forName: "testcase").first { !$0.elements(forName: "failure").isEmpty })
        #expect(failed.attribute(forName: "name")?.stringValue == "two dogs")
        #expect(
            failed.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue
                == "expected 3 elements, decoded 2")
        let skipped = try #require(suites.last?.elements(forName: "testcase").first)
        #expect(
            skipped.elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue
                == "waiting for <the> API & co")
        #expect(suites.last?.elements(forName: "testcase").last?.elements(forName: "error").count == 1)
    }
}
