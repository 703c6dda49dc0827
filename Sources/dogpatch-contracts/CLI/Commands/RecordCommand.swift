import ContractEngine
import DogPatchClients
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
            .value(
                "--timeout", "SECONDS",
                "how long the server may take (default: 10), and the replayed\nclient (default: 5)"
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
        var outcome = CommandOutcome(.success)
        var recorded: [CaseRecorder.Case] = []
        for item in selection.items {
            switch item {
            case .contractError(_, _, let diagnostics), .contractCase(_, .invalid(_, let diagnostics)):
                outcome.problems.append(.diagnostics(diagnostics))
                outcome.code = .invalid
            case .contractCase(let contract, .ready(let spec)):
                if spec.recorded != nil { recorded.append(CaseRecorder.Case(contract: contract, spec: spec)) }
            }
        }
        if let mismatch = options.baseURLs.mismatch(in: context.catalogue, contracts: recorded.map(\.contract)) {
            throw usage(.baseURL(mismatch))
        }
        if recorded.isEmpty {
            outcome.problems.append(
                .warning("no recorded case selected: record re-records the cases that add --live recorded"))
        }
        let recorder = CaseRecorder(
            run: selection.runContext, live: options.liveSettings, force: force,
            writer: context.writer(root: context.environment.location.root),
            readers: recorded.isEmpty ? [:] : try fixtureReaders(in: context),
            reload: { [self] in try? fixtureReaders(in: context) }
        )
        var counts: [CaseRecorder.Verdict: Int] = [:]
        for recordedCase in recorded {
            let report = await recorder.record(recordedCase)
            context.results(report.text)
            counts[report.verdict, default: 0] += 1
            if !report.diagnostics.isEmpty { outcome.problems.append(.diagnostics(report.diagnostics)) }
            outcome.problems += report.messages.map(ToolProblem.error)
            outcome.code = max(outcome.code, Self.exitCode(report.verdict))
        }
        context.results(
            CaseRecorder.Verdict.allCases.map { verdict in
                let count = counts[verdict] ?? 0
                return "\(count) " + (verdict == .error ? (count == 1 ? "error" : "errors") : verdict.rawValue)
            }.joined(separator: ", ") + "\n")
        return outcome
    }

    /// Every case of the whole suite that reads a fixture, whatever the selection: a fixture a
    /// hand-written case shares is checked against that case too before it is rewritten.
    private func fixtureReaders(in context: CommandContext) throws(ToolProblem) -> [String: [CaseRecorder.Case]] {
        var whole = VerifyOptions()
        whole.contractsFolder = options.contractsFolder
        whole.fixturesFolder = options.fixturesFolder
        var readers: [String: [CaseRecorder.Case]] = [:]
        for case .contractCase(let contract, .ready(let spec)) in try selection(in: context, options: whole).items {
            if case .http(_, _, .fixture(_, let file, _)) = spec.response.kind {
                readers[file, default: []].append(CaseRecorder.Case(contract: contract, spec: spec))
            }
        }
        return readers
    }

    private static func exitCode(_ verdict: CaseRecorder.Verdict) -> ExitCode {
        switch verdict {
        case .recorded, .unchanged, .forced, .skipped: .success
        case .failed: .failure
        case .error: .invalid
        }
    }
}
