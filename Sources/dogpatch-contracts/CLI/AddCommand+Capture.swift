import ContractEngine
import DogPatchClients
import Foundation

/// `add --har FILE`: the entries of an HTTP Archive whose request is the contract's become
/// fixtures and cases, each kept as it was captured, through the suite's one writer.
extension AddCommand {
    /// One entry taken, as it will be written.
    struct CapturedCase {
        let entry: HARArchive.Entry
        let name: String
        let fixturePath: String
        let bytes: Int
    }

    func addCaptured(from archivePath: String, in context: CommandContext) async throws(ToolProblem) -> CommandOutcome {
        guard let contractPath = contract else { return CommandOutcome(.invalid) }
        let location = context.environment.location
        let fixtures = location.fixtures(fixturesFolder)
        let contractURL = location.resolveInSuite(contractPath)
        if let problem = Self.unreachable(contractURL, as: contractPath, in: location) {
            throw .usage(CommandLineError(message: problem, command: Self.name))
        }
        func refuse(_ problems: [ToolProblem]) -> CommandOutcome { CommandOutcome(.invalid, problems) }
        guard FileManager.default.fileExists(atPath: contractURL.path) else {
            // A contract holds at least one case, so the first comes from a file or the server.
            return refuse([
                .error(
                    """
                    \(contractPath) does not exist; add --har adds cases to an existing endpoint contract: make it \
                    first with "add FILE --contract \(contractPath) --endpoint ENDPOINT --arguments JSON --name NAME" \
                    (a body saved from the capture) or "add --live" with the same options, then run add --har again
                    """)
            ])
        }
        let loader = ContractLoader(catalogue: context.catalogue, fixtures: fixtures)
        let existing: Contract
        switch loader.load(contentsOf: contractURL, file: contractPath) {
        case .loaded(let contract): existing = contract
        case .invalid(_, _, let diagnostics):
            return refuse([
                .diagnostics(diagnostics),
                .error("\(contractPath) is not a valid contract; fix it, then add the cases"),
            ])
        }
        guard let endpoint = existing.endpoint else {
            return refuse([
                .error(
                    "\(contractPath) is a fixture contract (no \"endpoint\"), and a capture is matched by its request")
            ])
        }
        let archive: HARArchive
        switch Self.readArchive(archivePath, location: location) {
        case .success(let read): archive = read
        case .failure(let diagnostic): return refuse([.diagnostics([diagnostic]), .error("nothing was added")])
        }
        let match: CaptureMatch
        switch await CaptureMatch.learn(endpoint, arguments: existing.arguments) {
        case .success(let learnt): match = learnt
        case .failure(let failure): return refuse([.error("\(failure.reason); nothing was added")])
        }
        let selection = select(archive, match: match, archivePath: archivePath)
        var problems = selection.skipped.map { ToolProblem.warning($0) }
        if let failure = selection.failure { return refuse(problems + [.error(failure)]) }
        for entry in selection.taken {
            if case .failure(let problem) = entry.body {
                let diagnostic = Diagnostic(
                    .error, "entry \(entry.number): \(problem.message)", file: archivePath, position: entry.position)
                return refuse(problems + [.diagnostics([diagnostic]), .error("nothing was added")])
            }
        }
        let archiveName = URL(fileURLWithPath: archivePath).lastPathComponent
        let plan = { () throws(AddRefusal) -> (changes: FileChanges, plan: [CapturedCase]) in
            try self.capturePlan(
                selection.taken, match: match, archiveName: archiveName, contract: (contractPath, contractURL),
                fixtures: fixtures,
                loader: loader)
        }
        let cases: [CapturedCase]
        if dryRun {
            do throws(AddRefusal) { cases = try plan().plan } catch { return refuse(problems + error.problems) }
            context.results(
                cases.map {
                    "would add case \(JSONValue.quote($0.name)) from entry \($0.entry.number) (HTTP \($0.entry.status), \($0.bytes) bytes) as \(fixtures.displayName($0.fixturePath))\n"
                }.joined())
            context.results("dry run: nothing was written\n")
            return CommandOutcome(.success, problems)
        }
        do {
            cases = try context.writer(root: location.root).write(plan).plan
        } catch {
            switch error {
            case .refused(let refusal): return refuse(problems + refusal.problems)
            case .cannotWrite(let error):
                return refuse(
                    problems + [
                        .error("cannot write \(JSONValue.quote(error.path)): \(error.reason); nothing was added")
                    ])
            }
        }
        context.results(
            cases.map {
                "captured \($0.entry.method) \(match.recordedURL($0.entry)) (HTTP \($0.entry.status), \($0.bytes) bytes, entry \($0.entry.number)) as \(fixtures.displayName($0.fixturePath))\n"
            }.joined() + "added \(cases.count) \(cases.count == 1 ? "case" : "cases") to \(contractPath)\n")
        var outcome = await verifyCases(
            named: cases.map(\.name), contractURL: contractURL, display: contractPath, loader: loader, context: context)
        problems += outcome.problems
        outcome.problems = problems
        return outcome
    }

    /// The archive's bytes, read whatever their size up to the archive limit, and its entries.
    private static func readArchive(_ path: String, location: SuiteLocation) -> Result<HARArchive, Diagnostic> {
        let data: Data
        switch RegularFile.read(location.resolve(path).path, limit: HARArchive.maxArchiveBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            let reason =
                switch failure {
                case .cannotStat(let code): FileProblem.describe(errno: code)
                case .folder, .notRegular: RegularFile.notRegularReason
                case .tooLarge(let size): "it is \(size) bytes, over the limit of \(HARArchive.maxArchiveBytes) bytes"
                case .cannotRead(let reason): reason
                }
            return .failure(Diagnostic(.error, "cannot read the archive: \(reason)", file: path))
        }
        return HARArchive.read(data, file: path, maxBodyBytes: FixtureStore.maxFixtureBytes)
    }

    /// The entries taken, the others with why not, or why nothing can be taken.
    private func select(
        _ archive: HARArchive, match: CaptureMatch, archivePath: String
    ) -> (taken: [HARArchive.Entry], skipped: [String], failure: String?) {
        if let entry, !(1...max(archive.entries.count, 1)).contains(entry) || archive.entries.isEmpty {
            return ([], [], "--entry \(entry): \(archivePath) has \(archive.entries.count) entries; nothing was added")
        }
        var taken: [HARArchive.Entry] = []
        var skipped: [String] = []
        for candidate in archive.entries {
            let shown = "entry \(candidate.number): \(candidate.method) \(match.recordedURL(candidate))"
            if let entry, candidate.number != entry { continue }
            if let filter, !candidate.url.lowercased().contains(filter.lowercased()) {
                skipped.append("\(shown): skipped: its URL does not contain \(JSONValue.quote(filter))")
            } else if !(100...599).contains(candidate.status) {
                // A request the browser cancelled, or that got no answer, is listed with status 0.
                let reason = "no HTTP response was captured (status \(candidate.status))"
                if entry != nil { return ([], skipped, "\(shown): \(reason); nothing was added") }
                skipped.append("\(shown): skipped: \(reason)")
            } else if let reason = match.mismatch(candidate) {
                if entry != nil {
                    return ([], skipped, "\(shown) is not the contract's request: \(reason); nothing was added")
                }
                skipped.append("\(shown): skipped: not the contract's request: \(reason)")
            } else if let reason = candidate.unseen {
                // The client never sees it: the answer a redirect leads to is an entry of its own.
                if entry != nil { return ([], skipped, "\(shown): \(reason); nothing was added") }
                skipped.append("\(shown): skipped: \(reason)")
            } else {
                taken.append(candidate)
            }
        }
        if taken.isEmpty {
            return ([], skipped, "no entry of \(archivePath) is the contract's request; nothing was added")
        }
        return (taken, skipped, nil)
    }

    /// Every write, from the contract as it is now: a fixture and a case an entry, appended in the
    /// archive's order, with names that clash with no case and no file.
    private func capturePlan(
        _ entries: [HARArchive.Entry], match: CaptureMatch, archiveName: String, contract: (path: String, url: URL),
        fixtures: FixtureLocator, loader: ContractLoader
    ) throws(AddRefusal) -> (changes: FileChanges, plan: [CapturedCase]) {
        guard let current = try? Data(contentsOf: contract.url),
            case .loaded(let existing) = loader.load(current, file: contract.path)
        else {
            throw AddRefusal("\(contract.path) is no longer a valid contract; nothing was added")
        }
        var names = Set(existing.cases.map(\.name))
        var paths: Set<String> = []
        for case .ready(let spec) in existing.cases {
            if let path = spec.response.fixturePath { paths.insert(ContractDiscovery.normalized(path)) }
        }
        var text = current
        var changes = FileChanges()
        var cases: [CapturedCase] = []
        // Byte-identical bodies (the same answer seen twice) share one fixture.
        var stored: [Data: String] = [:]
        for (index, entry) in entries.enumerated() {
            guard case .success(let captured) = entry.body else { continue }
            let body = raw ? captured : ReviewableJSON.laidOut(captured)
            let ok = (200...299).contains(entry.status)
            let base =
                name.map { ok ? $0 : "\($0) \(entry.status)" } ?? "\(existing.endpoint?.name ?? "case") \(entry.status)"
            var number = name == nil ? 1 : index + 1
            var caseName = number == 1 ? base : "\(base) \(number)"
            while names.contains(caseName) {
                number += 1
                caseName = "\(base) \(number)"
            }
            names.insert(caseName)
            let known = stored[body]
            let fixturePath =
                known
                ?? FixtureName.path(contract: contract.path, name: caseName, contentType: entry.header("Content-Type"))
            {
                candidate in
                paths.contains(candidate)
                    || FileManager.default.fileExists(atPath: fixtures.root.appendingPathComponent(candidate).path)
            }
            paths.insert(fixturePath)
            stored[body] = fixturePath
            let explanation: Explanation
            switch Explanation.explain(body, file: "entry \(entry.number)", model: existing.model, status: entry.status)
            {
            case .success(let explained): explanation = explained
            case .failure(let diagnostic):
                throw .refused([diagnostic], "entry \(entry.number) cannot be used as a fixture")
            }
            var template = CaseTemplate(
                name: caseName, status: entry.status, fixture: fixturePath,
                expect: CaseTemplate.expect(observing: explanation.outcome, records: explanation.records),
                headers: Redaction.keptHeaders(asked: keepHeaders, value: entry.header),
                recorded: (match.recordedURL(entry), entry.startedDateTime, archiveName))
            template.given = given
            guard let appended = ContractEditor.appending(template, to: text) else {
                throw AddRefusal("cannot find the \"cases\" array in \(contract.path) to append to")
            }
            text = appended
            if known == nil {
                changes.write(
                    body, to: fixtures.root.appendingPathComponent(fixturePath),
                    display: fixtures.displayName(fixturePath))
            }
            cases.append(CapturedCase(entry: entry, name: caseName, fixturePath: fixturePath, bytes: captured.count))
        }
        switch loader.load(text, file: contract.path) {
        case .invalid(_, _, let diagnostics):
            throw .refused(diagnostics, "the cases were not added")
        case .loaded(let loaded):
            let wanted = Set(cases.map(\.name))
            let invalid = loaded.cases.compactMap { entry -> [Diagnostic]? in
                if case .invalid(let name, let diagnostics) = entry, wanted.contains(name) { diagnostics } else { nil }
            }
            if !invalid.isEmpty { throw .refused(invalid.flatMap { $0 }, "the cases were not added") }
        }
        changes.write(text, to: contract.url, display: contract.path)
        return (changes, cases)
    }

    /// Runs the new cases as `verify` would and prints their verdicts.
    private func verifyCases(
        named names: [String], contractURL: URL, display: String, loader: ContractLoader, context: CommandContext
    ) async -> CommandOutcome {
        guard case .loaded(let contract) = loader.load(contentsOf: contractURL, file: display) else {
            return CommandOutcome(.invalid, [.error("\(display) does not load after writing")])
        }
        let run = RunContext(fixtures: loader.fixtures, timeout: timeout)
        var results: [CaseResult] = []
        for name in names {
            guard let entry = contract.cases.first(where: { $0.name == name }) else { continue }
            results.append(await run.verify(entry, of: contract))
        }
        let report = Report(results)
        context.results(report.render(.text, palette: Palette(enabled: false)))
        let diagnostics = results.flatMap(\.diagnostics)
        return CommandOutcome(Tool.exitCode(report.summary), diagnostics.isEmpty ? [] : [.diagnostics(diagnostics)])
    }
}
