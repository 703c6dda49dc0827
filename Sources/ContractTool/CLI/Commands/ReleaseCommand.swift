import ContractCatalogue
import ContractEngine
import Foundation

/// `dogpatch-contracts release (archive VERSION | retire VERSION | check --bodies DIR)`: what each
/// release's decoders accept, kept in the repository (`releases/VERSION/`), and a provider's
/// answers judged against every release still supported, with no server and no broker.
struct ReleaseCommand: ToolCommand, SuiteCommand {
    /// What `release` does.
    enum Action: String, CaseIterable {
        case archive, retire, check
    }

    var options = VerifyOptions.commandLine
    var action: Action?
    var version: String?
    var releases = "releases"
    var consumerGiven: String?
    var since: String?
    var bodies: String?
    var format = "text"

    static let spec = CommandSpec<ReleaseCommand>(
        name: "release",
        synopsis: """
            archive VERSION [--releases DIR] [--consumer NAME] [options]
            retire VERSION [--releases DIR]
            check --bodies DIR [--releases DIR] [--since VERSION] [options]
            """,
        brief: "(archive VERSION | retire VERSION | check --bodies DIR) [options]",
        summary: "archive what a release accepts, retire it, and judge answers against every release",
        about: """
            archive: writes DIR/VERSION/ (default DIR: releases) with what this build's decoders accept:
            profiles/<Model>.json learnt from the suite's mutants (as mutate learns a model's profile),
            pacts/<consumer>-<provider>.json carrying VERSION, openapi.json, and manifest.json (the
            version, the commit checked out, the date). All or none; an archived release is never
            rewritten.

            retire: the release leaves support (its manifest gets the date), and the matrix no longer
            judges against it.

            check: the release matrix on a provider's response bodies given as files, no server
            needed: DIR/<endpoint>.json, or any .json in DIR/<endpoint>/, judged against every supported
            release's profile of the endpoint's model (the keys it requires, the kinds and null it
            accepts), release x endpoint. --since VERSION supports only VERSION and the releases
            archived after it. verify judges the server's answers the same way, given --releases DIR.
            """,
        arguments: [
            ("archive | retire | check", "what to do"),
            ("VERSION", "archive, retire: the release's version, its folder's name"),
        ],
        options: [
            .contracts,
            .fixtures,
            .value("--releases", "DIR", "the releases' folder (default: releases)") { $0.releases = $1 },
            .value("--consumer", "NAME", "archive: the consumer the pacts are for (default: {CONSUMER})") {
                $0.consumerGiven = $1
            },
            .value("--bodies", "DIR", "check: the response bodies, <endpoint>.json or <endpoint>/*.json") {
                $0.bodies = $1
            },
            .value("--since", "VERSION", "check: the oldest release still supported") { $0.since = $1 },
            .value("--format", "FORMAT", "check: text, json or github (default: text)") { command, value in
                guard ["text", "json", "github"].contains(value) else {
                    throw CommandLineError(
                        message: "--format is text, json or github for release check; unknown \"\(value)\"",
                        command: "release")
                }
                command.format = value
            },
        ],
        positional: { command, value throws(CommandLineError) in
            if command.action == nil {
                guard let action = Action(rawValue: value) else {
                    throw CommandLineError(
                        message: "release does archive, retire or check; unknown \"\(value)\"", command: "release")
                }
                command.action = action
            } else if command.action != .check, command.version == nil {
                command.version = value
            } else {
                throw CommandLineError(message: "unexpected argument \"\(value)\"", command: "release")
            }
        },
        validate: { command throws(CommandLineError) in
            guard let action = command.action else {
                throw CommandLineError(message: "release needs archive, retire or check", command: "release")
            }
            if action != .check, command.version == nil {
                throw CommandLineError(message: "release \(action.rawValue) needs a VERSION", command: "release")
            }
            if action == .check, command.bodies == nil {
                throw CommandLineError(
                    message: "release check needs --bodies DIR: the response bodies to judge", command: "release")
            }
            let misplaced: String? =
                if action != .archive, command.consumerGiven != nil {
                    "--consumer"
                } else if action != .check,
                    command.bodies != nil
                {
                    "--bodies"
                } else if action != .check, command.since != nil {
                    "--since"
                } else if action != .check,
                    command.format != "text"
                {
                    "--format"
                } else { nil }
            if let misplaced {
                throw CommandLineError(
                    message: "\(misplaced) is not for release \(action.rawValue)", command: "release")
            }
        },
        exitStatus: [
            (0, "the release was archived or retired; every supported release accepts every body"),
            (1, "release check: a supported release would break"),
            (2, "a contract is invalid, a file cannot be read or written, or the arguments are wrong"),
        ]
    )

    func run(in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        let location = context.environment.location
        _ = try outsideContracts(releases, option: "--releases", example: "releases", in: context)
        switch action {
        case .archive?:
            let consumer =
                consumerGiven ?? context.tool.consumer ?? location.packageName ?? location.root.lastPathComponent
            let outcome: ReleaseShelf.Outcome
            do throws(ReleaseShelf.Refusal) {
                outcome = try await ReleaseShelf.archive(
                    version: version ?? "", consumer: consumer, releases: releases, catalogue: context.catalogue,
                    options: options, location: location, writer: context.writer(root: location.root))
            } catch {
                throw refusal(error)
            }
            return report(outcome, in: context)
        case .retire?:
            do throws(ReleaseShelf.Refusal) {
                return report(
                    try ReleaseShelf.retire(
                        version: version ?? "", releases: releases, location: location,
                        writer: context.writer(root: location.root)), in: context)
            } catch {
                throw refusal(error)
            }
        case .check?, nil:
            let shelf = try Self.shelf(releases, since: since, in: context)
            switch ReleaseShelf.Matrix.judging(
                bodies: bodies ?? "", catalogue: context.catalogue, against: shelf, location: location)
            {
            case .failure(.bodies(let problems)), .failure(.unreadable(let problems)):
                return CommandOutcome(.invalid, [.diagnostics(problems), .error("no body was judged")])
            case .failure:
                return CommandOutcome(.invalid, [.error("no body was judged")])
            case .success(let matrix):
                return Self.print(matrix, format: format, in: context)
            }
        }
    }

    /// The supported releases of a folder, or why they cannot be read, worded with the flags.
    static func shelf(_ releases: String, since: String?, in context: CommandContext) throws(ToolProblem)
        -> ReleaseShelf
    {
        do throws(ReleaseShelf.Problem) {
            return try ReleaseShelf(releases: releases, since: since, location: context.environment.location)
        } catch {
            switch error {
            case .empty(let folder):
                throw .usage(
                    CommandLineError(
                        message:
                            "--releases \(CodingPath.quote(folder)) holds no release: archive one with release archive VERSION",
                        command: name))
            case .unknownSince(let version, let known):
                throw .usage(
                    CommandLineError(
                        message:
                            "--since \(CodingPath.quote(version)) is no archived release (archived: \(known.joined(separator: ", ")))",
                        command: name))
            case .unreadable(let problems), .bodies(let problems):
                throw .diagnostics(problems)
            }
        }
    }

    /// Prints a matrix in a format, and appends it to GitHub's step summary in `github`; exit 1
    /// when a supported release would break.
    static func print(_ matrix: ReleaseShelf.Matrix, format: String, in context: CommandContext) -> CommandOutcome {
        var outcome = CommandOutcome(matrix.fails ? .failure : .success)
        switch format {
        case "json":
            context.results(matrix.json)
        case "github":
            context.results(matrix.annotations)
            context.results(matrix.text)
            if let file = context.environment.variables["GITHUB_STEP_SUMMARY"], !file.isEmpty {
                do throws(FileWriteError) {
                    try matrix.appendStepSummary(to: context.environment.location.resolve(file))
                } catch {
                    outcome.problems.append(
                        .warning("cannot append to the step summary \"\(file)\": \(error.reason)"))
                }
            }
        default:
            context.results(matrix.text)
        }
        return outcome
    }

    private func report(_ outcome: ReleaseShelf.Outcome, in context: CommandContext) -> CommandOutcome {
        switch outcome {
        case .archived(let folder, let profiles, let pacts, let operations):
            context.results(
                "archived \(folder): \(profiles) \(profiles == 1 ? "profile" : "profiles"), \(pacts) \(pacts == 1 ? "pact" : "pacts"), an OpenAPI document of \(operations) \(operations == 1 ? "operation" : "operations"), and its manifest\n"
            )
            return CommandOutcome(.success)
        case .retired(let folder):
            context.results("retired \(folder): the release matrix no longer judges against it\n")
            return CommandOutcome(.success)
        case .empty(let empty):
            return CommandOutcome(.invalid, [.error("\(Self.words(empty)); nothing was written")])
        case .invalid(let problems):
            return CommandOutcome(
                .invalid, [.diagnostics(problems), .error("a contract is invalid; nothing was written")])
        case .failed(let reason):
            return CommandOutcome(.invalid, [.error("\(reason); nothing was written")])
        case .cannotWrite(let error):
            return CommandOutcome(
                .invalid,
                [.error("cannot write \(CodingPath.quote(error.path)): \(error.reason); nothing was written")])
        }
    }

    private func refusal(_ refusal: ReleaseShelf.Refusal) -> ToolProblem {
        let message: String
        switch refusal {
        case .unnamable(let version):
            message =
                "the version \(CodingPath.quote(version)) cannot name a folder: use one without /, \\ or control characters that does not start with ."
        case .outsideSuite(let folder):
            message =
                "--releases \(CodingPath.quote(folder)) is outside the suite; keep the releases in its repository, such as \"releases\""
        case .archived(let folder):
            message = "\(CodingPath.quote(folder)) is archived already; an archived release is never rewritten"
        case .notArchived(let folder):
            message = "no release is archived in \(CodingPath.quote(folder))"
        case .retiredAlready(let folder, let date):
            message = "\(CodingPath.quote(folder)) was retired on \(date)"
        case .unreadable(let problem):
            return .diagnostics([problem])
        case .selection(let error):
            return usage(error)
        }
        return .usage(CommandLineError(message: message, command: Self.name))
    }
}
