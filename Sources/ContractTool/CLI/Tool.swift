import ContractCatalogue
import ContractEngine
import Foundation

/// The command line: parses arguments, runs a command, reports, and returns the exit status.
enum Tool {
    /// Every command, in the order the tool's help lists them.
    static let commands: [any ToolCommand.Type] = [
        VerifyCommand.self, ListCommand.self, ExplainCommand.self, AddCommand.self, RecordCommand.self,
        MutateCommand.self, CoverageCommand.self, ExportCommand.self, ReleaseCommand.self, ServeCommand.self,
    ]

    /// Runs the tool.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process's folder, variables and terminals.
    ///   - output: Where results and diagnostics go.
    ///   - tool: The tool's name and the endpoints and models contracts may name.
    /// - Returns: The exit status.
    static func run(
        arguments: [String], environment: ToolEnvironment, output: any ToolOutput, tool: ToolIdentity
    ) async -> ExitCode {
        let context = CommandContext(environment: environment, output: output, tool: tool)
        let outcome: CommandOutcome
        do throws(ToolProblem) {
            outcome = try await dispatch(arguments, in: context)
        } catch {
            outcome = CommandOutcome(.invalid, [error])
        }
        let color = outcome.color.isOn(terminal: environment.stderrIsTerminal, environment: environment)
        output.standardError(outcome.problems.map { $0.rendered(color: color, tool: tool) }.joined())
        return outcome.code
    }

    private static func dispatch(_ arguments: [String], in context: CommandContext) async throws(ToolProblem)
        -> CommandOutcome
    {
        // `help verify` is `verify --help`.
        let arguments = arguments.first == "help" && arguments.count > 1 ? [arguments[1], "--help"] : arguments
        guard let name = arguments.first else {
            context.output.standardError(Help.main(context.tool))
            return CommandOutcome(.invalid)
        }
        switch name {
        case "--help", "-h", "help":
            context.results(Help.main(context.tool))
            return CommandOutcome(.success)
        case "--version":
            context.results("\(context.tool.name) \(Help.version)\n")
            return CommandOutcome(.success)
        default:
            guard let command = commands.first(where: { $0.name == name }) else {
                let suggestion = NearestName.nearest(to: name, among: commands.map { $0.name })
                throw .usage(
                    CommandLineError(
                        message: "unknown command \"\(name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""),
                        command: nil))
            }
            return try await invoke(command, Array(arguments.dropFirst()), in: context)
        }
    }

    private static func invoke<Command: ToolCommand>(
        _: Command.Type, _ arguments: [String], in context: CommandContext
    ) async throws(ToolProblem) -> CommandOutcome {
        let invocation: CommandSpec<Command>.Invocation
        do throws(CommandLineError) {
            invocation = try Command.spec.parse(arguments, into: Command())
        } catch {
            throw .usage(error)
        }
        switch invocation {
        case .help:
            context.results(Command.spec.help(context.tool))
            return CommandOutcome(.success)
        case .run(let command):
            return try await command.run(in: context)
        }
    }
}
