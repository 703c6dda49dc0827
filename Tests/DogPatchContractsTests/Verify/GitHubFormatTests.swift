import ContractTestSupport
import Foundation
import Testing

/// `--format github` within GitHub's limits, and the step summary.
@Suite("GitHub annotations and step summary, end to end")
struct GitHubFormatTests {
    /// A fixture contract of `count` inline cases that each fail their count check.
    static func failingContract(_ count: Int) -> String {
        let cases = (0..<count).map {
            #"{"name": "case \#($0)", "response": {"body": "[]"}, "expect": {"decodes": true, "count": 1}}"#
        }
        return #"{"model": "[Country]", "cases": [\#(cases.joined(separator: ",\n"))]}"#
    }

    @Test("thirty failing cases give ten error annotations and one notice counting the other twenty")
    func errorLimit() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/many.json", Self.failingContract(30))
        let run = await folder.runInProcess(["verify", "--format", "github"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        let errors = lines.filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 10)
        #expect(errors.first?.contains("title=contracts/many.json%3A case 0::") == true)
        #expect(errors.last?.contains("title=contracts/many.json%3A case 9::") == true)
        #expect(
            lines.filter { $0.hasPrefix("::notice ") } == [
                "::notice title=dogpatch-contracts::20 more errors not annotated: GitHub shows 10 of each a step, and standard error lists every one"
            ])
        #expect(run.stderr.split(separator: "\n").count == 30, "standard error keeps every diagnostic")
    }

    @Test("warnings are limited on their own, after the errors' limit")
    func warningLimit() async throws {
        let folder = try SuiteFolder()
        let keys = (0..<12).map { #""extra\#($0)": \#($0)"# }.joined(separator: ", ")
        try folder.write("Fixtures/wide.json", #"[{"name": {"common": "Peru"}, \#(keys)}]"#)
        try folder.write(
            "contracts/wide.json",
            #"{"model": "[Country]", "cases": [{"name": "wide", "response": {"fixture": "wide.json"}, "expect": {"decodes": true}}]}"#
        )
        try folder.write("contracts/many.json", Self.failingContract(3))
        let run = await folder.runInProcess(["verify", "--format", "github"])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count { $0.hasPrefix("::error ") } == 3)
        #expect(lines.count { $0.hasPrefix("::warning ") } == 10)
        #expect(
            lines.contains(
                "::notice title=dogpatch-contracts::2 more warnings not annotated: GitHub shows 10 of each a step, and standard error lists every one"
            ))
    }

    @Test("a run within the limits prints no notice")
    func noNotice() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/few.json", Self.failingContract(10))
        let run = await folder.runInProcess(["verify", "--format", "github"])
        #expect(run.stdout.split(separator: "\n").count { $0.hasPrefix("::error ") } == 10)
        #expect(!run.stdout.contains("::notice"))
    }

    @Test("the step summary is appended to, never truncated, and names every failure")
    func stepSummary() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/many.json", Self.failingContract(30))
        try folder.write(
            "contracts/pipes.json",
            #"{"model": "[Country]", "cases": [{"name": "a | b <i>", "response": {"status": 500}, "expect": {"decodes": true}}]}"#
        )
        try folder.write("summary.md", "an earlier step's summary\n")
        let run = await folder.runInProcess(
            ["verify", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": "summary.md"])
        #expect(run.status == 1)
        let summary = String(decoding: try folder.read("summary.md"), as: UTF8.self)
        #expect(
            summary.hasPrefix(
                "an earlier step's summary\n### dogpatch-contracts verify\n\n**0 passed, 31 failed, 0 errors, 0 skipped** in 2 contracts\n"
            ))
        for index in 0..<30 {
            #expect(
                summary.contains("| contracts/many.json | case \(index) | failed | contracts/many.json:"),
                "case \(index)")
        }
        #expect(summary.contains(#"| contracts/pipes.json | a \| b &lt;i&gt; | failed |"#), "\(summary)")
        let again = await folder.runInProcess(
            ["verify", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": "summary.md"])
        #expect(again.status == 1)
        let twice = String(decoding: try folder.read("summary.md"), as: UTF8.self)
        #expect(twice.hasPrefix(summary) && twice.count == summary.count * 2 - "an earlier step's summary\n".count)
    }

    @Test("a step summary that cannot be written is a warning and the verdict stands")
    func unwritableSummary() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/few.json", Self.failingContract(1))
        let run = await folder.runInProcess(
            ["verify", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": "missing/summary.md"])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasSuffix("warning: cannot append to the step summary \"missing/summary.md\": no such file\n"),
            "\(run.stderr)")
    }

    @Test("only the github format writes the step summary")
    func onlyGitHub() async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/few.json", Self.failingContract(1))
        _ = await folder.runInProcess(["verify"], environment: ["GITHUB_STEP_SUMMARY": "summary.md"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("summary.md").path))
    }
}
