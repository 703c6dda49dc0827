import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts mutate`: runs the real client against answers nobody wrote down, derived
/// from every passing 2xx decode case, and keeps each model's profile.
struct MutateCommand: ToolCommand, SuiteCommand, ReportingCommand {
    var options = VerifyOptions.commandLine
    var seed: UInt64 = 1
    var max = 2000
    var profiles: String?
    var update = false
    var mutants: String?
    var reporting = ReportOptions()

    static let spec = CommandSpec<MutateCommand>(
        name: "mutate",
        synopsis: "[PATH ...] [options]",
        summary: "check the clients against mutated answers; keep model profiles",
        about: """
            From every passing 2xx decode case of an endpoint contract, derives the answers a server
            could plausibly send (each key the model reads removed, null, or of another type; the body
            cut, empty, of the other shape, an HTML page; the status 401, 404, 429, 500, 503; a timeout
            and no connection) and runs each through the real client, which must
            give exactly what a correct client gets from it, once, on its queue. Each mutant is a result named
            CASE › MUTATION. With --profiles, what each model accepts is kept in DIR/<Model>.json and
            every change to it fails the run.
            """,
        arguments: [("PATH ...", "contract files or folders (default: the contracts folder)")],
        options: [
            .contracts,
            .fixtures,
            .filter,
            .value(
                "--seed", "N", "which mutants a case over --max keeps (default: 1); the same seed,\nthe same mutants"
            ) {
                $0.seed = try ArgumentValues.seed($1, command: "mutate")
            },
            .value("--max", "N", "mutants run per case at most (default: 2000); a case over it says so") {
                $0.max = try ArgumentValues.count($1, option: "--max", command: "mutate")
            },
            .jobs("mutate", what: "mutants run"),
            .value(
                "--timeout", "SECONDS",
                "how long a replayed client may take to complete (default: \(Help.replayTimeout))"
            ) {
                $0.options.timeout = try ArgumentValues.timeout($1, command: "mutate")
            },
            .value(
                "--profiles", "DIR",
                "compare each model's profile with DIR/<Model>.json (written when\nabsent); keep DIR outside the contracts folder"
            ) {
                $0.profiles = $1
            },
            .flag("--update", "with --profiles, rewrite the profiles instead of comparing") { $0.update = true },
            .value(
                "--mutants", "DIR",
                "also write each 2xx mutant's body into DIR, with DIR/index.json saying\nits model and whether the model accepts it (for schema checks)"
            ) {
                $0.mutants = $1
            },
            .format("mutate"),
            .quiet,
            .junit,
            .json,
            .color("mutate"),
        ],
        positional: { $0.options.paths.append($1) },
        validate: { command in
            if command.update, command.profiles == nil {
                throw CommandLineError(message: "--update needs --profiles DIR", command: "mutate")
            }
        },
        exitStatus: [
            (0, "the clients did right by every mutant, and no profile changed"),
            (1, "a mutant was mishandled, or a model's profile changed"),
            (2, "a contract is invalid, a case to mutate does not pass, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        let start = ContinuousClock.now
        let environment = context.environment
        try checkReportFiles(reporting.files, in: context)
        if let profiles { _ = try outsideContracts(profiles, option: "--profiles", example: "profiles", in: context) }
        if let mutants {
            _ = try outsideContracts(mutants, option: "--mutants", example: ".build/mutants", in: context)
        }
        let selection = try selection(in: context)
        if let empty = selection.selectsNothing {
            return CommandOutcome(.invalid, [.error("\(Self.words(empty)); nothing was mutated")])
        }
        let progress = ProgressReporter(
            enabled: environment.stderrIsTerminal, output: context.output, label: "mutating")
        let run = await MutationSession.run(
            selection, seed: seed, max: max, profiles: profiles, update: update, mutants: mutants,
            writer: context.writer(root: environment.location.root), words: Self.words, progress: progress.update)
        progress.finish()
        var problems: [ToolProblem] = run.capped.map {
            .warning(
                "\($0.caseName): \($0.kept) of \($0.total) mutants run (--max \($0.kept), --seed \($0.seed)); the other \($0.total - $0.kept) were left out"
            )
        }
        switch run.unwritten {
        case .profile(let error): problems.append(.error("cannot write the profile \"\(error.path)\": \(error.reason)"))
        case .mutants(let error): problems.append(.error("cannot write the mutants \"\(error.path)\": \(error.reason)"))
        case nil: break
        }
        var report = run.resultReport
        report.tool = context.tool.name
        var outcome = CommandOutcome(
            ExitCode(report: report),
            context.print(
                report, format: reporting.format, color: reporting.color, quiet: reporting.quiet,
                closing: Self.ran(run.counts) + CommandContext.took(since: start)) + problems,
            color: reporting.color)
        if run.unwritten != nil { outcome.code = .invalid }
        reporting.files.write(report, environment: environment, into: &outcome)
        return outcome
    }

    /// What the summary line says the run did: `; 715 mutants of 16 cases`.
    private static func ran(_ counts: (cases: Int, mutants: Int)) -> String {
        "; \(counts.mutants) \(counts.mutants == 1 ? "mutant" : "mutants") of \(counts.cases) \(counts.cases == 1 ? "case" : "cases")"
    }

    /// A problem of the profile check, worded with mutate's flags.
    private static func words(_ problem: MutationSession.ProfileProblem) -> String {
        switch problem {
        case .unjudged(let paths, let model, let updating, let partial):
            let why =
                partial == .capped
                ? "--max left some of its mutants out" : "the run took part of the suite (PATH or --filter)"
            return
                "\(paths) \(paths == 1 ? "path" : "paths") of the \(model) profile \(updating ? "kept as they were" : "not judged"): \(why); run mutate on the whole suite to judge every path"
        case .notAProfile(let reason):
            return "not a model profile: \(reason); rewrite it with --update"
        }
    }
}
