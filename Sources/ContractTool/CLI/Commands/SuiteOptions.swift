import ContractCatalogue
import ContractEngine
import Foundation

/// A command that works on a selection of the suite: `verify`, `list`, `record`, `mutate`,
/// `export` and `serve`. Its metatype is sendable, so the shared option entries below can be built
/// for any of them.
protocol SuiteCommand: SendableMetatype {
    /// What to run and how.
    var options: VerifyOptions { get set }
}

/// The options every suite command spells the same way, written once.
extension OptionSpec where Parsed: SuiteCommand {
    static var contracts: OptionSpec {
        .value("--contracts", "DIR", "the contracts folder (default: contracts/ at the suite's root)") {
            $0.options.contractsFolder = $1
        }
    }

    static var fixtures: OptionSpec {
        .value("--fixtures", "DIR", "the fixtures folder (default: Fixtures/ at the suite's root)") {
            $0.options.fixturesFolder = $1
        }
    }

    static var filter: OptionSpec {
        .value(
            "--filter", "TEXT",
            "only cases whose contract path or name contains TEXT, ignoring case;\nrepeat it to take cases that match any"
        ) {
            $0.options.filters.append($1)
        }
    }

    static func jobs(_ command: String, what: String) -> OptionSpec {
        .value("--jobs", "N", "\(what) at once (default: the number of cores)") {
            $0.options.jobs = try ArgumentValues.jobs($1, command: command)
        }
    }

    static func baseURL(_ command: String, help: String) -> OptionSpec {
        .value("--base-url", "[API=]URL", help) {
            try ArgumentValues.baseURL($1, into: &$0.options.baseURLs, command: command)
        }
    }
}

extension SuiteCommand where Self: ToolCommand {
    /// The run's selection for this command's options: loaded and selected once.
    /// - Throws: `ToolProblem.usage` when a given path or folder is missing.
    func selection(in context: CommandContext, options: VerifyOptions? = nil) throws(ToolProblem) -> SuiteSelection {
        do throws(SuiteSelection.UsageError) {
            return try SuiteSelection(
                catalogue: context.catalogue, options: options ?? self.options, location: context.environment.location)
        } catch {
            throw usage(error)
        }
    }

    /// A problem with the run, worded with this command's flags.
    func usage(_ problem: SuiteSelection.UsageError) -> ToolProblem {
        .usage(CommandLineError(problem, command: Self.name))
    }

    /// Why a run selected no case, worded with the command's flags.
    static func words(_ empty: SuiteSelection.Empty) -> String {
        switch empty {
        case .noFilterMatch(let filters, let nearest):
            "no case matches " + filters.map { "--filter \"\($0)\"" }.joined(separator: " or ")
                + (nearest.map { " (did you mean \(CodingPath.quote($0))?)" } ?? "")
        case .emptyShard(let index, let count, _):
            "shard \(index)/\(count) is empty: every selected case falls in another shard"
        case .noContractsInPaths: "no contracts found in the given paths"
        case .noContractsInFolder(let folder): "no contracts found in \"\(folder)\""
        }
    }
}

extension SuiteCommand where Self: ToolCommand {
    /// Refuses an output path inside the contracts folder, where every JSON file is read as a contract.
    /// - Parameters:
    ///   - path: the path as the user typed it.
    ///   - option: the option that named it, such as `--out`.
    ///   - example: a path to suggest instead.
    /// - Returns: the path, resolved against the suite.
    /// - Throws: `ToolProblem.usage` naming both folders.
    func outsideContracts(_ path: String, option: String, example: String, in context: CommandContext)
        throws(ToolProblem) -> URL
    {
        let location = context.environment.location
        let target = location.resolve(path)
        if let contracts = location.contractsFolder(holding: target, given: options.contractsFolder) {
            throw .usage(
                CommandLineError(
                    message:
                        "\(option) \(CodingPath.quote(path)) is inside the contracts folder \(CodingPath.quote(contracts)), where every JSON file is read as a contract; keep it outside, such as \(CodingPath.quote(example))",
                    command: Self.name))
        }
        return target
    }

    /// Refuses report files (`--json FILE`, `--junit FILE`) inside the contracts folder: a report
    /// written there would be read as a broken contract by every later run.
    /// - Parameters:
    ///   - files: The report files asked for.
    ///   - context: The command's context.
    /// - Throws: `ToolProblem.usage` naming the option and both paths.
    func checkReportFiles(_ files: ReportFiles, in context: CommandContext) throws(ToolProblem) {
        if let json = files.json {
            _ = try outsideContracts(json, option: "--json", example: "report.json", in: context)
        }
        if let junit = files.junit {
            _ = try outsideContracts(junit, option: "--junit", example: "report.xml", in: context)
        }
    }
}
