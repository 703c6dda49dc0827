import ContractEngine
import DogPatchClients
import Foundation

/// `dogpatch-contracts coverage REPORT.json ...`: the coverage of a sharded run, from the JSON
/// reports of every shard added together, so CI can require coverage across shards.
struct CoverageCommand: ToolCommand {
    var reports: [String] = []
    var require = false

    static let spec = CommandSpec<CoverageCommand>(
        name: "coverage",
        synopsis: "REPORT.json ... [--require]",
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
            .flag("--require", "fail (exit 1) naming every endpoint and outcome no case reaches") { $0.require = true }
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

    /// One shard's report as it matters here.
    private struct ShardReport {
        let file: String
        let shard: (index: Int, count: Int)
        /// The run's identity: the same in every shard of one run.
        let run: String
        let counts: [String: [String: Int]]
    }

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        var shards: [ShardReport] = []
        for file in reports {
            do throws(Diagnostic) {
                shards.append(try read(file, in: context.environment))
            } catch {
                return CommandOutcome(.invalid, [.diagnostics([error])])
            }
        }
        let count = shards[0].shard.count
        if let other = shards.first(where: { $0.shard.count != count }) {
            return CommandOutcome(
                .invalid,
                [
                    .error(
                        "\(other.file) is shard \(other.shard.index)/\(other.shard.count), and \(shards[0].file) one of \(count): the reports are of different runs"
                    )
                ])
        }
        if let other = shards.first(where: { $0.run != shards[0].run }) {
            return CommandOutcome(
                .invalid,
                [
                    .error(
                        "\(other.file) and \(shards[0].file) are reports of different runs (their selections differ: a stale shard, or another suite); run every shard again on the same commit"
                    )
                ])
        }
        var seen: [Int: String] = [:]
        for report in shards {
            if let first = seen[report.shard.index] {
                return CommandOutcome(
                    .invalid, [.error("\(first) and \(report.file) are both shard \(report.shard.index)/\(count)")])
            }
            seen[report.shard.index] = report.file
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            return CommandOutcome(
                .invalid,
                [
                    .error(
                        "no report for shard \(names): coverage is known only for the whole suite, every shard's report together"
                    )
                ])
        }
        let matrix = CoverageMatrix(adding: shards.map(\.counts), endpoints: context.catalogue.endpoints)
        context.results(matrix.text)
        var outcome = CommandOutcome(.success)
        if require, !matrix.gaps.isEmpty {
            outcome.problems = [.diagnostics(matrix.gapResults.flatMap(\.diagnostics))]
            outcome.code = .failure
        }
        return outcome
    }

    /// Reads one shard's report: its shard and its coverage.
    private func read(_ file: String, in environment: ToolEnvironment) throws(Diagnostic) -> ShardReport {
        let url = environment.location.resolve(file)
        func fail(_ message: String, _ position: SourcePosition? = nil) -> Diagnostic {
            Diagnostic(.error, message, file: file, position: position)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw fail("cannot read the report: \(FileProblem.describe(error))")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw fail("not a JSON report: \(error.message)", error.position)
        }
        guard let coverage = root.member("coverage"), case .object(let endpoints) = coverage.value.value else {
            throw fail("the report has no \"coverage\": write it with verify --coverage --json FILE", root.position)
        }
        guard let selection = root.member("selection"),
            case .string(let shardText)? = selection.value.member("shard")?.value.value,
            let shard = try? ArgumentValues.shard(shardText, command: Self.name)
        else {
            throw fail(
                "the report is of an unsharded run; coverage adds up the reports of the shards of one", root.position)
        }
        guard case .string(let run)? = selection.value.member("run")?.value.value else {
            throw fail(
                "the report does not say which run it is of: write every shard's report again with this version",
                selection.value.position)
        }
        guard case .bool(true)? = selection.value.member("wholeSuite")?.value.value else {
            throw fail(
                "the report's run was narrowed by a PATH or --filter, so its shards are not the whole suite",
                selection.value.position)
        }
        var counts: [String: [String: Int]] = [:]
        for endpoint in endpoints {
            guard case .object(let cells) = endpoint.value.value else {
                throw fail("\"coverage\" of \(endpoint.key) is not an object", endpoint.value.position)
            }
            for cell in cells {
                guard case .number(let text) = cell.value.value, let number = Int(text), number >= 0 else {
                    throw fail("\"coverage\" of \(endpoint.key): \(cell.key) is not a count", cell.value.position)
                }
                counts[endpoint.key, default: [:]][cell.key] = number
            }
        }
        return ShardReport(file: file, shard: shard, run: run, counts: counts)
    }
}
