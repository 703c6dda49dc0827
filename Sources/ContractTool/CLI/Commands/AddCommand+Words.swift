import ContractCatalogue
import ContractEngine
import Foundation

/// What `add` says: the engine's values in the command line's words, with its options named.
extension AddCommand {
    /// What was added, for a body file or the server's answer.
    static func summary(of added: CaseAddition.Added, contract: String, name: String) -> String {
        var lines: [String] = []
        if let recorded = added.recorded {
            lines.append(
                "recorded \(recorded.method) \(recorded.url) (HTTP \(recorded.status), \(recorded.bytes) bytes) as \(added.fixture)"
            )
        } else if let file = added.copiedFrom {
            lines.append("copied \(file) to \(added.fixture)")
        }
        lines.append(
            added.created
                ? "created \(contract) with case \(CodingPath.quote(name))"
                : "added case \(CodingPath.quote(name)) to \(contract) (\(added.caseCount) cases)")
        if let observed = added.observed {
            lines.append("no --expect given: recorded the observed outcome, \(observed)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// What was taken from an archive, or would be; and the cases to run, unless nothing was written.
    static func summary(of imported: CaseAddition.Imported, contract: String, dryRun: Bool, flow: Bool) -> (
        text: String, results: [CaseResult]?
    ) {
        let cases = imported.cases
        if dryRun {
            let lines = cases.enumerated().map { index, taken in
                let what = flow ? "exchange \(index + 1) of flow case" : "case"
                return
                    "would add \(what) \(CodingPath.quote(taken.name)) from entry \(taken.entry) (HTTP \(taken.status), \(taken.bytes) bytes) as \(taken.fixture)\n"
            }
            return (lines.joined() + "dry run: nothing was written\n", nil)
        }
        let lines = cases.map {
            "captured \($0.method) \($0.url) (HTTP \($0.status), \($0.bytes) bytes, entry \($0.entry)) as \($0.fixture)\n"
        }
        if flow, let name = cases.first?.name {
            let flow =
                "added flow case \(CodingPath.quote(name)) of \(cases.count) \(cases.count == 1 ? "exchange" : "exchanges") to \(contract)\n"
            return (lines.joined() + flow, imported.results)
        }
        let count = "added \(cases.count) \(cases.count == 1 ? "case" : "cases") to \(contract)\n"
        return (lines.joined() + count, imported.results)
    }

    static func words(_ warning: CaseAddition.Warning) -> ToolProblem {
        switch warning {
        case .said(let message): .warning(message)
        case .headerNeverWritten(let name):
            .warning("--keep-header \(name): a \(name) header is never written into a contract")
        }
    }

    /// Why nothing was added: an error, or a usage error for the options that cannot go together.
    static func words(_ problem: CaseAddition.Problem, catalogue: Catalogue) -> [ToolProblem] {
        func usage(_ message: String) -> [ToolProblem] { [.usage(CommandLineError(message: message, command: name))] }
        switch problem {
        case .refused(let diagnostics, let message): return ToolProblem.refusal(diagnostics, message)
        case .contractOutsideContracts(let path, let resolved, let meant):
            return usage(
                "the contract \(CodingPath.quote(path)) would be \(CodingPath.quote(resolved)), outside the suite's \(SuiteLocation.contractsName)/ folder, and verify would never run it; --contract is a path from the suite's root, such as \(CodingPath.quote(meant))"
            )
        case .contractNotJSON(let path):
            return usage(
                "the contract \(CodingPath.quote(path)) does not end in .json, and verify runs only .json files")
        case .duplicateName(let contract, let name):
            return [.error("\(contract) already has a case named \(CodingPath.quote(name)); choose another --name")]
        case .fixtureInTheWay(let fixture):
            return [
                .error(
                    "\(fixture) already exists with different content; keep it and choose another name with --as PATH")
            ]
        case .destinationForFixture(let file, let fixture):
            return usage("--as is only for a file outside the fixtures folder; \(file) is already at \(fixture)")
        case .streamNeedsDestination(let path):
            return usage(
                "\(CodingPath.quote(path)) is a stream, not a file with a name; name the fixture with --as PATH")
        case .emptyDestination(let file):
            return usage(
                "--as needs a path inside the fixtures folder, such as \"{API}/\(file)\" or \"{API}/\"")
        case .fixturePath(let message): return usage(message)
        case .unknownAPI(let api, let known): return usage(ArgumentValues.words(.unknownAPI(api, known: known)))
        case .catalogue(let error): return usage(error.message)
        case .noTarget: return usage(TargetChoice.missing(in: catalogue, command: name))
        case .liveNeedsEndpoint:
            return usage("add --live needs --endpoint E: the request sent is the endpoint's client's")
        case .argumentsNotObject(let text):
            return usage(
                "--arguments takes a JSON object, such as {ARGUMENTS}, not \(CodingPath.quote(text))")
        case .argumentsForFixtureContract(let contract):
            return [.error("\(contract) is a fixture contract (no \"endpoint\"): it takes no --arguments")]
        case .argumentsDiffer(let text, let contract):
            return usage(
                "--arguments \(text) differ from the arguments \(contract) already has; leave --arguments out to use its own"
            )
        case .missingArgument(let endpoint, let argument, let kind, let contract, let isNew):
            let remedy =
                isNew ? "pass it as --arguments '{\"\(argument)\": ...}'" : "add it to the \"arguments\" of \(contract)"
            return usage(
                "\(endpoint) needs the argument \"\(argument)\" (\(kind)), missing or empty here, so the client would answer invalidRequest; \(remedy)"
            )
        case .captureNeedsContract(let contract): return [.error(captureNeedsContract(contract))]
        case .noSuchEntry(let entry, let count, let archive):
            return [.error("--entry \(entry): \(archive) has \(count) entries; nothing was added")]
        case .noSuchEntries(let range, let count, let archive):
            return [
                .error(
                    "--flow \(range.lowerBound)-\(range.upperBound): \(archive) has \(count) entries; nothing was added"
                )
            ]
        }
    }

    /// Why `add --har` needs the contract first, and how to make it.
    private static func captureNeedsContract(_ contract: String) -> String {
        """
        \(contract) does not exist; add --har adds cases to an existing endpoint contract: make it \
        first with "add FILE --contract \(contract) --endpoint ENDPOINT --arguments JSON --name NAME" \
        (a body saved from the capture) or "add --live" with the same options, then run add --har again
        """
    }
}
