import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts record`: asks the server again for every recorded case and rewrites its
/// fixture and stamp when the new answer still satisfies the case.
struct RecordCommand: ToolCommand, SuiteCommand {
    var options = VerifyOptions.commandLine
    var force = false

    static let spec = CommandSpec<RecordCommand>(
        name: "record",
        synopsis: "[PATH ...] [options]",
        summary: "re-record recorded cases from the server",
        about: """
            Sends each recorded case's request (the one its endpoint's client builds) to the server
            again, shows what changed (status, keys added, removed or changed in type, the decode
            outcome), and rewrites the fixture and the "recorded" stamp only when the new answer still
            satisfies the case's "expect". Cases written by hand are never touched. Every file is
            replaced in one step, so an interrupted run leaves each whole.
            """,
        arguments: [("PATH ...", "contract files or folders (default: the contracts folder)")],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .baseURL(
                "record", help: "where an API's requests go (repeatable; a bare URL when the\ncontracts use one API)"),
            .flag("--force", "write the new answer even when the case's expectations fail, and\nlist them") {
                $0.force = true
            },
            .flag("--raw", "write bodies exactly as received, not laid out for review (2 spaces)") {
                $0.options.rawBodies = true
            },
            .flag(
                "--allow-writes",
                "also send requests that change data (POST, PUT, PATCH, DELETE);\nwithout it such cases are skipped"
            ) { $0.options.allowWrites = true },
            .value(
                "--timeout", "SECONDS",
                "how long the server may take (default: \(Help.liveTimeout)), and the replayed\nclient (default: \(Help.replayTimeout))"
            ) {
                $0.options.liveTimeout = try ArgumentValues.timeout($1, command: "record")
                $0.options.timeout = $0.options.liveTimeout
            },
        ],
        positional: { $0.options.paths.append($1) },
        validate: { _ in },
        exitStatus: [
            (0, "every recorded case was re-recorded (or forced)"),
            (1, "a new answer does not satisfy its case; nothing was written for it"),
            (2, "a request failed, a contract is invalid, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        var options = self.options
        options.live = true
        let selection = try selection(in: context, options: options)
        let run: CaseRecorder.Run
        do throws(SuiteSelection.UsageError) {
            run = try await CaseRecorder.record(
                selection, catalogue: context.catalogue, force: force,
                writer: context.writer(root: context.environment.location.root)
            ) { context.results($0.text(wording: Self.words)) }
        } catch {
            throw usage(error)
        }
        context.results(Self.tally(run.counts))
        var outcome = CommandOutcome(run.hasInvalidContracts ? .invalid : .success)
        outcome.problems = run.problems.map(Self.problem)
        for (verdict, count) in run.counts where count > 0 {
            outcome.code = max(outcome.code, Self.exitCode(verdict))
        }
        return outcome
    }

    /// `1 recorded, 0 unchanged, 0 forced, 0 failed, 0 skipped, 0 errors`.
    private static func tally(_ counts: [CaseRecorder.Verdict: Int]) -> String {
        CaseRecorder.Verdict.allCases.map { verdict in
            let count = counts[verdict] ?? 0
            return "\(count) " + (verdict == .error ? (count == 1 ? "error" : "errors") : verdict.rawValue)
        }.joined(separator: ", ") + "\n"
    }

    /// Why a new answer was not written, naming the flag that writes it anyway.
    private static func words(_ notWritten: CaseRecorder.NotWritten) -> String {
        switch notWritten {
        case .failsExpect:
            "not written: the new answer does not satisfy the case's \"expect\" (--force writes it)"
        case .failsReaders(let fixture):
            "not written: the new answer does not satisfy every case that reads \(fixture) (--force writes it)"
        }
    }

    /// A problem of the run, in the command line's words.
    private static func problem(_ problem: CaseRecorder.Run.Problem) -> ToolProblem {
        switch problem {
        case .invalidContract(let diagnostics), .diagnostics(let diagnostics): .diagnostics(diagnostics)
        case .selectsNothing(let empty): .error("\(words(empty)); nothing was recorded")
        case .nothingRecorded:
            .warning("no recorded case selected: record re-records the cases that add --live recorded")
        case .error(let message): .error(message)
        }
    }

    private static func exitCode(_ verdict: CaseRecorder.Verdict) -> ExitCode {
        switch verdict {
        case .recorded, .unchanged, .forced, .skipped: .success
        case .failed: .failure
        case .error: .invalid
        }
    }
}
