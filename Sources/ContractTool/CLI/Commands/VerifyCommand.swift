import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts verify`: runs the suite and reports every case.
struct VerifyCommand: ToolCommand, SuiteCommand, ReportingCommand {
    var options = VerifyOptions.commandLine
    var reporting = ReportOptions()
    /// Whether the coverage matrix is printed (and carried by the JSON report).
    var coverage = false
    /// The outcomes and queues every endpoint the suite uses must reach, else the run fails;
    /// empty when coverage is not required.
    var requiredCoverage: Set<CoverageMatrix.Column> = []
    /// `--releases DIR`: the archived releases each live answer is judged against.
    var releases: String?
    /// `--since VERSION`: the oldest release still supported.
    var since: String?
    /// `--releases-json FILE`: where the release matrix is also written as JSON.
    var releasesJSON: String?

    /// `verify`'s interface: one table of options for its parser and its help.
    static let spec = CommandSpec<VerifyCommand>(
        name: "verify",
        synopsis: "[PATH ...] [options]",
        summary: "check fixtures and replay cases through the clients",
        about: """
            Loads endpoint contracts from the contracts folder and response fixtures from the fixtures
            folder, checks that each case's response decodes (or fails) as its "expect" says, and replays
            each case of an endpoint contract through the real client over a URLProtocol stub.
            """,
        arguments: [("PATH ...", "contract files or folders to run (default: the contracts folder)")],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .flag("--no-replay", "check decoding only; cases only replay can check are skipped") {
                $0.options.replay = false
            },
            .value(
                "--timeout", "SECONDS",
                "how long a replayed client may take to complete (default: \(Help.replayTimeout)), and\nwith --live how long the server may take to answer (default: \(Help.liveTimeout))"
            ) {
                $0.options.timeout = try ArgumentValues.timeout($1, command: "verify")
                $0.options.liveTimeout = $0.options.timeout
            },
            .flag("--strict", "fail cases on warnings, such as keys the model never reads") {
                $0.options.strict = true
            },
            .jobs("verify", what: "cases run"),
            .value("--shard", "I/N", "run the I-th of N stable parts of the suite") {
                $0.options.shard = try ArgumentValues.shard($1, command: "verify")
            },
            .format("verify"),
            .quiet,
            .junit,
            .json,
            .flag("--coverage", "print, per endpoint, the outcomes and queues its replayed cases reach") {
                $0.coverage = true
            },
            .flag(
                "--require-coverage", optional: "OUTCOMES",
                "fail (exit 1) naming every endpoint the contracts use and outcome no\ncase reaches; =OUTCOMES requires only those, comma-separated:\(Help.coverageColumns)"
            ) {
                $0.coverage = true
                $0.requiredCoverage.formUnion(
                    try ArgumentValues.coverageColumns($1, option: "--require-coverage", command: "verify"))
            },
            .flag(
                "--live", "check recorded cases against the server instead of their fixtures;\nthe others are skipped"
            ) { $0.options.live = true },
            .flag(
                "--allow-writes",
                "with --live, also send requests that change data (POST, PUT, PATCH,\nDELETE); without it such cases are skipped"
            ) { $0.options.allowWrites = true },
            .value(
                "--releases", "DIR",
                "with --live, judge each answer against every supported release archived\nin DIR (release archive) and print the release x endpoint matrix"
            ) { $0.releases = $1 },
            .value("--since", "VERSION", "with --releases, the oldest release still supported") { $0.since = $1 },
            .value("--releases-json", "FILE", "with --releases, also write the matrix as JSON to FILE") {
                $0.releasesJSON = $1
            },
            .baseURL(
                "verify",
                help: "with --live, where an API's requests go (repeatable; a bare URL\nwhen the contracts use one API)"
            ),
            .color("verify"),
        ],
        positional: { $0.options.paths.append($1) },
        validate: { command in
            if !command.options.live, command.options.baseURLs != BaseURLChoice() {
                throw CommandLineError(
                    message: "--base-url is for --live: plain verify sends nothing to a server", command: "verify")
            }
            if !command.options.live, command.options.allowWrites {
                throw CommandLineError(
                    message: "--allow-writes is for --live: plain verify sends nothing to a server", command: "verify")
            }
            if !command.options.live, command.releases != nil {
                throw CommandLineError(
                    message:
                        "--releases is for --live: it judges the server's answers (release check --bodies DIR judges files)",
                    command: "verify")
            }
            if command.releases == nil, command.since != nil || command.releasesJSON != nil {
                let option = command.since != nil ? "--since" : "--releases-json"
                throw CommandLineError(message: "\(option) needs --releases DIR", command: "verify")
            }
            if !command.requiredCoverage.isEmpty, let shard = command.options.shard {
                throw CommandLineError(
                    message: """
                        --require-coverage judges the whole suite, and --shard \(shard.index)/\(shard.count) runs part of it; \
                        give each shard --coverage --json shard-I.json instead, then check them together: \
                        {TOOL} coverage --require shard-*.json
                        """, command: "verify")
            }
        },
        exitStatus: [
            (0, "every case passed or was skipped"),
            (1, "a case failed"),
            (2, "the suite is invalid (a contract or fixture error) or the arguments are wrong"),
        ]
    )

    /// Verifies the selected cases, prints the report, and writes the report files.
    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        let (start, environment) = (ContinuousClock.now, context.environment)
        try checkReportFiles(reporting.files, in: context)
        let shelf = try releaseShelf(in: context)
        let selection = try selection(in: context, options: shelf.map { $0.watching(options) } ?? options)
        let progress = ProgressReporter(enabled: environment.stderrIsTerminal, output: context.output)
        // The results are written to a temporary file as they come, and the reports read them back.
        var report: Report
        do throws(SuiteSelection.UsageError) {
            report = try await Verifier(catalogue: context.catalogue, selection: selection).reportRun(
                progress: progress.update)
        } catch {
            throw usage(error)
        }
        progress.finish()
        // Read before --require-coverage adds its gaps to the report.
        let (isEmpty, isAllSkipped) = (report.isEmpty, report.isAllSkipped)
        // What the requirement finds is a failed result, so every report carries it.
        if coverage {
            report = report.covering(context.catalogue, in: selection, requiring: requiredCoverage)
        }
        report.describe(selection)
        report.tool = context.tool.name
        let trailer = report.coverageTrailer
        var outcome = CommandOutcome(
            ExitCode(report: report),
            context.print(
                report, format: reporting.format, color: reporting.color, trailer: trailer, quiet: reporting.quiet,
                closing: CommandContext.took(since: start)),
            color: reporting.color)
        if let hint = Help.fewerOutcomes(
            required: requiredCoverage, option: "--require-coverage", matrix: report.coverage)
        {
            outcome.problems.append(.note(hint))
        }
        if isEmpty, let empty = selection.selectsNothing {
            let said = "\(Self.words(empty)); nothing was verified"
            if empty.isWarning {
                outcome.problems.append(.warning(said))
            } else {
                outcome.problems.append(.error(said))
                outcome.code = .invalid
            }
        } else if options.live, let shard = options.shard, isAllSkipped {
            outcome.problems.append(
                .warning("shard \(shard.index)/\(shard.count) holds no recorded case; the other shards check them"))
        }
        appendStepSummary(report, in: context, into: &outcome)
        reporting.files.write(report, environment: environment, into: &outcome)
        if let shelf { judge(shelf, in: context, into: &outcome) }
        return outcome
    }

    /// With `--format github`, appends the report to GitHub's step summary; the results stand
    /// whatever happens to the summary, so a failure is a warning.
    private func appendStepSummary(_ report: Report, in context: CommandContext, into outcome: inout CommandOutcome) {
        let environment = context.environment
        guard reporting.format == .github, let summaryFile = environment.variables["GITHUB_STEP_SUMMARY"],
            !summaryFile.isEmpty
        else { return }
        do throws(FileWriteError) {
            try report.appendStepSummary(to: environment.location.resolve(summaryFile))
        } catch {
            outcome.problems.append(.warning("cannot append to the step summary \"\(summaryFile)\": \(error.reason)"))
        }
    }

    /// The releases `--releases` names, read before the server is asked anything; `nil` without it.
    private func releaseShelf(in context: CommandContext) throws(ToolProblem) -> ReleaseShelf? {
        guard let releases else { return nil }
        if let releasesJSON {
            _ = try outsideContracts(releasesJSON, option: "--releases-json", example: "matrix.json", in: context)
        }
        return try ReleaseCommand.shelf(releases, since: since, in: context)
    }

    /// Prints the release matrix of the run's answers after the report, writes its JSON when
    /// asked, and fails the run when a supported release would break.
    private func judge(_ shelf: ReleaseShelf, in context: CommandContext, into outcome: inout CommandOutcome) {
        let matrix = shelf.matrix()
        // JSON and JUnit on standard output stay one document each: the matrix goes to --releases-json.
        if reporting.format == .text || reporting.format == .github {
            outcome.problems +=
                ReleaseCommand.print(
                    matrix, format: reporting.format == .github ? "github" : "text", in: context
                ).problems
        }
        if matrix.fails, outcome.code == .success { outcome.code = .failure }
        if let releasesJSON {
            let environment = context.environment
            do throws(FileWriteError) {
                try matrix.writeJSON(
                    to: environment.location.resolve(releasesJSON), temporaries: environment.temporaryFiles)
            } catch {
                outcome.problems.append(
                    .error("cannot write the release matrix to \(CodingPath.quote(releasesJSON)): \(error.reason)"))
                outcome.code = .invalid
            }
        }
    }
}
