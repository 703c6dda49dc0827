import ContractEngine
import ContractTestSupport
import Foundation
import Testing

@testable import ContractTool

/// The progress line `verify` and `mutate` keep on standard error: on a terminal only, so that a
/// log or a pipe never holds it.
@Suite("progress line")
struct ProgressReporterTests {
    @Test("on a terminal the line counts what is done, rewritten in place, and is cleared at the end")
    func onATerminal() {
        let output = CapturedOutput()
        let progress = ProgressReporter(enabled: true, output: output, label: "mutating", delay: 0)
        progress.update(3, 405)
        progress.update(4, 405)
        progress.finish()
        #expect(output.stderr == "\r\u{1B}[2Kmutating 3/405\r\u{1B}[2Kmutating 4/405\r\u{1B}[2K")
        #expect(output.stdout.isEmpty)
    }

    @Test("off a terminal nothing is written, however long the run")
    func offATerminal() {
        let output = CapturedOutput()
        let progress = ProgressReporter(enabled: false, output: output, label: "mutating", delay: 0)
        progress.update(3, 405)
        progress.finish()
        #expect(output.stderr.isEmpty)
    }

    @Test("a run shorter than the delay shows no line and clears nothing")
    func shortRun() {
        let output = CapturedOutput()
        let progress = ProgressReporter(enabled: true, output: output, label: "verifying", delay: 3600)
        progress.update(1, 2)
        progress.finish()
        #expect(output.stderr.isEmpty)
    }

    @Test("mutate with standard error not a terminal writes no progress line, only its report")
    func mutateOffATerminal() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let run = await folder.runInProcess(["mutate", "contracts/good.json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(!run.stderr.contains("mutating"))
        #expect(!run.stderr.contains("\u{1B}"))
    }
}
