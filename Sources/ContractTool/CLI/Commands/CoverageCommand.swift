import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts coverage REPORT.json ...`: the coverage of a sharded run, from the JSON
/// reports of every shard added together, so CI can require coverage across shards.
struct CoverageCommand: ToolCommand {
    var reports: [String] = []
    /// With `--require`, the outcomes and queues every endpoint must reach; empty without it.
    var required: Set<CoverageMatrix.Column> = []

    static let spec = CommandSpec<CoverageCommand>(
        name: "coverage",
        synopsis: "REPORT.json ... [--require[=OUTCOMES]]",
        summary: "add up the coverage of the shards of one run",
        about: """
            Reads the JSON report of every shard of one verify run that counted coverage (each shard
            run as verify's help shows: coverage, shard and a JSON report file), adds up their coverage
            matrices and prints the suite's. Every shard 1/N to N/N must be there, each of the whole
            suite (no PATH or filter). With --require, every endpoint and outcome that no case of any
            shard reaches fails the run, as verify's own coverage requirement does for a run that is
            not sharded.
            """,
        arguments: [("REPORT.json ...", "the JSON report of each shard")],
        options: [
            .flag(
                "--require", optional: "OUTCOMES",
                "fail (exit 1) naming every endpoint and outcome no case reaches;\n=OUTCOMES requires only those, comma-separated:\(Help.coverageColumns)"
            ) {
                $0.required.formUnion(try ArgumentValues.coverageColumns($1, option: "--require", command: "coverage"))
            }
        ],
        positional: { $0.reports.append($1) },
        validate: { command throws(CommandLineError) in
            guard !command.reports.isEmpty else {
                throw CommandLineError(
                    message: "coverage needs the JSON reports of the shards, such as shard-*.json", command: "coverage")
            }
        },
        exitStatus: [
            (0, "the reports were added up (and, with --require, every outcome is reached)"),
            (1, "with --require, an endpoint or outcome no case reaches"),
            (2, "a report is missing, unreadable, not a sharded coverage report, or a shard is missing"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        do throws(ShardCoverage.Mismatch) {
            let matrix = try ShardCoverage.matrix(
                of: reports, in: context.environment.location, endpoints: context.catalogue.endpoints)
            context.results(matrix.text)
            var outcome = CommandOutcome(.success)
            let gaps = matrix.gapResults(requiring: required)
            if !gaps.isEmpty {
                outcome.problems = [.diagnostics(gaps.flatMap(\.diagnostics))]
                outcome.code = .failure
                if let hint = Help.fewerOutcomes(required: required, option: "--require", matrix: matrix) {
                    outcome.problems.append(.note(hint))
                }
            }
            return outcome
        } catch {
            return CommandOutcome(.invalid, [Self.words(error)])
        }
    }

    /// What a mismatch of the reports says.
    private static func words(_ mismatch: ShardCoverage.Mismatch) -> ToolProblem {
        switch mismatch {
        case .report(let file, let problem):
            .diagnostics([problem.diagnostic(file: file, saying: message(problem))])
        case .shardCounts(let file, let shard, let first, let count):
            .error(
                "\(file) is shard \(shard.index)/\(shard.count), and \(first) one of \(count): the reports are of different runs"
            )
        case .runs(let file, let first):
            .error(
                "\(file) and \(first) are reports of different runs (their selections differ: a stale shard, or another suite); run every shard again on the same commit"
            )
        case .sameShard(let first, let file, let index, let count):
            .error("\(first) and \(file) are both shard \(index)/\(count)")
        case .missing(let shards, let count):
            .error(
                "no report for shard \(shards.map { "\($0)/\(count)" }.joined(separator: ", ")): coverage is known only for the whole suite, every shard's report together"
            )
        }
    }

    /// What a report's problem says.
    private static func message(_ problem: ShardCoverage.Problem) -> String {
        switch problem.reason {
        case .unreadable(let reason): "cannot read the report: \(reason)"
        case .notJSON(let message): "not a JSON report: \(message)"
        case .noCoverage: "the report has no \"coverage\": write it with verify --coverage --json FILE"
        case .unsharded: "the report is of an unsharded run; coverage adds up the reports of the shards of one"
        case .noRun: "the report does not say which run it is of: write every shard's report again with this version"
        case .narrowed: "the report's run was narrowed by a PATH or --filter, so its shards are not the whole suite"
        case .notAnObject(let endpoint): "\"coverage\" of \(endpoint) is not an object"
        case .notACount(let endpoint, let key): "\"coverage\" of \(endpoint): \(key) is not a count"
        }
    }
}
