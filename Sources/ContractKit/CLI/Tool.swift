import Foundation
import DogPatchClients

/// The `dogpatch-contracts` command line: parses arguments, runs a command, reports, and returns the exit status.
public enum Tool {
    /// Runs the tool.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process's folder, variables and terminals.
    ///   - output: Where results and diagnostics go.
    ///   - catalogue: The endpoints and models contracts may name.
    /// - Returns: The exit status.
    public static func run(
        arguments: [String], environment: ToolEnvironment, output: any ToolOutput, catalogue: Catalogue = .standard
    ) async -> ExitCode {
        guard let command = arguments.first else {
            output.standardError(Help.main)
            return .invalid
        }
        do throws(CommandLineError) {
            switch command {
            case "--help", "-h", "help":
                output.standardOutput(Help.main)
                return .success
            case "--version":
                output.standardOutput("dogpatch-contracts \(Help.version)\n")
                return .success
            case "verify":
                let parsed = try VerifyArguments.parse(Array(arguments.dropFirst()), command: "verify")
                if parsed.help {
                    output.standardOutput(Help.verify)
                    return .success
                }
                return await verify(parsed, environment: environment, output: output, catalogue: catalogue)
            case "list":
                let parsed = try VerifyArguments.parse(Array(arguments.dropFirst()), command: "list")
                if parsed.help {
                    output.standardOutput(Help.list)
                    return .success
                }
                return list(parsed, environment: environment, output: output, catalogue: catalogue)
            case "explain":
                let parsed = try ExplainCommand.parse(Array(arguments.dropFirst()))
                if parsed.help {
                    output.standardOutput(Help.explain)
                    return .success
                }
                return parsed.run(environment: environment, output: output, catalogue: catalogue)
            case "add":
                let parsed = try AddCommand.parse(Array(arguments.dropFirst()))
                if parsed.help {
                    output.standardOutput(Help.add)
                    return .success
                }
                return await parsed.run(environment: environment, output: output, catalogue: catalogue)
            default:
                throw CommandLineError(message: "unknown command \"\(command)\"", command: nil)
            }
        } catch {
            let hint = error.command.map { "dogpatch-contracts \($0) --help" } ?? "dogpatch-contracts --help"
            output.standardError("error: \(error.message)\nusage: see '\(hint)'\n")
            return .invalid
        }
    }

    private static func verify(
        _ parsed: VerifyArguments, environment: ToolEnvironment, output: any ToolOutput, catalogue: Catalogue
    ) async -> ExitCode {
        let verifier = Verifier(catalogue: catalogue, options: parsed.options, location: environment.location)
        let progress = ProgressReporter(enabled: environment.stderrIsTerminal, output: output)
        let results: [CaseResult]
        do {
            results = try await verifier.run(progress: progress.update)
        } catch {
            output.standardError("error: \(error.message)\nusage: see 'dogpatch-contracts verify --help'\n")
            return .invalid
        }
        progress.finish()
        let report = Report(results)
        let colorOut = useColor(parsed.color, terminal: environment.stdoutIsTerminal, environment: environment)
        let colorErr = useColor(parsed.color, terminal: environment.stderrIsTerminal, environment: environment)
        output.standardError(report.diagnostics(palette: Palette(enabled: colorErr)))
        output.standardOutput(report.render(parsed.format, palette: Palette(enabled: colorOut && parsed.format == .text)))
        if results.isEmpty {
            output.standardError("warning: \(emptySelection(parsed.options)); nothing was verified\n")
        }
        var code = exitCode(report.summary)
        if parsed.format == .github, let summaryFile = environment.variables["GITHUB_STEP_SUMMARY"], !summaryFile.isEmpty {
            do {
                try AppendedFile.append(StepSummary(results: results).render(), to: environment.location.resolve(summaryFile))
            } catch {
                // The results stand whatever happens to the summary, so this never fails the run.
                output.standardError("warning: cannot append to the step summary \"\(summaryFile)\": \(error.reason)\n")
            }
        }
        for (file, format) in [(parsed.junitFile, ReportFormat.junit), (parsed.jsonFile, .json)] {
            guard let file else { continue }
            let url = environment.location.resolve(file)
            do {
                try AtomicFile.write(report.render(format, palette: Palette(enabled: false)), to: url)
            } catch {
                output.standardError("error: cannot write the \(format.rawValue) report to \"\(file)\": \(error.reason)\n")
                code = .invalid
            }
        }
        return code
    }

    /// Why a run selected no case: the filters, the shard, or no contracts at all.
    private static func emptySelection(_ options: VerifyOptions) -> String {
        let filters = options.filters.filter { !$0.isEmpty }
        if !filters.isEmpty {
            return "no case matches " + filters.map { "--filter \"\($0)\"" }.joined(separator: " or ")
        }
        if let shard = options.shard {
            return "shard \(shard.index)/\(shard.count) is empty: every selected case falls in another shard"
        }
        if !options.paths.isEmpty { return "no contracts found in the given paths" }
        return "no contracts found in \"\(options.contractsFolder ?? SuiteLocation.contractsName)\""
    }

    static func exitCode(_ summary: Summary) -> ExitCode {
        if summary.errors > 0 { return .invalid }
        if summary.failed > 0 { return .failure }
        return .success
    }

    private static func list(
        _ parsed: VerifyArguments, environment: ToolEnvironment, output: any ToolOutput, catalogue: Catalogue
    ) -> ExitCode {
        let verifier = Verifier(catalogue: catalogue, options: parsed.options, location: environment.location)
        let contracts: [LoadedContract]
        do {
            contracts = try verifier.loadSuite()
        } catch {
            output.standardError("error: \(error.message)\nusage: see 'dogpatch-contracts list --help'\n")
            return .invalid
        }
        var text = ""
        var code = ExitCode.success
        for contract in contracts {
            switch contract {
            case .loaded(let contract):
                let kind = contract.endpoint.map { "\($0.name), \(contract.model.name)" } ?? "fixture contract, \(contract.model.name)"
                text += "\(VisibleText.escaped(contract.file)) (\(kind), \(contract.cases.count) \(contract.cases.count == 1 ? "case" : "cases"))\n"
                for entry in contract.cases {
                    text += "  \(VisibleText.escaped(entry.name))\n"
                    if case .invalid(_, let diagnostics) = entry {
                        text.removeLast()
                        text += " (invalid)\n"
                        output.standardError(diagnostics.map { $0.rendered + "\n" }.joined())
                        code = .invalid
                    }
                }
            case .invalid(let file, _, let diagnostics):
                text += "\(VisibleText.escaped(file)) (invalid)\n"
                output.standardError(diagnostics.map { $0.rendered + "\n" }.joined())
                code = .invalid
            }
        }
        output.standardOutput(text)
        return code
    }

    private static func useColor(_ choice: String, terminal: Bool, environment: ToolEnvironment) -> Bool {
        if environment.variables["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
        switch choice {
        case "always": return true
        case "never": return false
        default: return terminal && environment.variables["TERM"] != "dumb"
        }
    }
}

/// A progress counter on standard error, shown only on a terminal and only once a run passes a second.
private final class ProgressReporter: @unchecked Sendable {
    private let enabled: Bool
    private let output: any ToolOutput
    private let start = Date()
    private let lock = NSLock()
    private var shown = false

    init(enabled: Bool, output: any ToolOutput) {
        self.enabled = enabled
        self.output = output
    }

    @Sendable func update(_ done: Int, _ total: Int) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        lock.withLock {
            shown = true
            output.standardError("\r\u{1B}[2Kverifying \(done)/\(total)")
        }
    }

    func finish() {
        lock.withLock {
            if shown { output.standardError("\r\u{1B}[2K") }
        }
    }
}
