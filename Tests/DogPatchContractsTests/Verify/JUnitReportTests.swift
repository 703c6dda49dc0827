import ContractTestSupport
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

    @Test("every element has its run time: a slow case's at least its delay, each suite's the sum of its cases'")
    func times() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/slow.json",
            """
            {"endpoint": "dogpatch.getDogs", "cases": [
              {"name": "slow", "response": {"fixture": "dogs.json", "delayMs": 300}, "expect": {"decodes": true}}]}
            """)
        let run = try folder.run(["verify", "--format", "junit", "--junit", "report.xml"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("report.xml") == Data(run.stdout.utf8))
        let root = try #require(try XMLDocument(data: Data(run.stdout.utf8)).rootElement())
        func milliseconds(_ element: XMLElement) throws -> Int {
            let time = try #require(element.attribute(forName: "time")?.stringValue, "no time on \(element.name ?? "")")
            let parts = time.split(separator: ".")
            try #require(parts.count == 2 && parts[1].count == 3, "time=\"\(time)\" is not seconds to the millisecond")
            return try #require(Int(parts[0])) * 1000 + #require(Int(parts[1]))
        }
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 2)
        var total = 0
        for suite in suites {
            let cases = try suite.elements(forName: "testcase").map(milliseconds)
            #expect(try milliseconds(suite) == cases.reduce(0, +))
            total += cases.reduce(0, +)
        }
        #expect(try milliseconds(root) == total)
        let slow = try #require(suites.last?.elements(forName: "testcase").first)
        #expect(slow.attribute(forName: "name")?.stringValue == "slow")
        #expect(try milliseconds(slow) >= 300, "the case's replay waits 300 ms for its answer")
    }

    @Test("but for the times, the JUnit report is the same bytes whatever --jobs, for verify and mutate")
    func deterministic() throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        for index in 0..<6 {
            try folder.write("contracts/copy-\(index).json", SampleSuite.dogsContract)
        }
        for command in [["verify"], ["mutate", "--max", "20"]] {
            let one = try folder.run(command + ["--format", "junit", "--jobs", "1"])
            let four = try folder.run(command + ["--format", "junit", "--jobs", "4"])
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stdout.contains(#" time=""#))
            #expect(Self.timesZeroed(one.stdout) == Self.timesZeroed(four.stdout))
        }
    }

    /// A JUnit report with every `time` attribute zeroed, for comparing the bytes of two runs.
    static func timesZeroed(_ report: String) -> String {
        report.replacing(#/ time="\d+\.\d{3}"/#, with: #" time="0.000""#)
    }
}
