import ContractCatalogue
import Foundation

/// Which entries `add --har` takes, and the writes it plans for them.
extension CaptureImport {
    /// The cases planned, and the contract as it will be with them.
    struct Planned {
        var cases: [CaseAddition.Captured]
        var contract: Contract
    }

    /// The entries taken for the contract and how they are matched, saying why each other entry is not.
    /// - Parameters:
    ///   - archive: The archive file.
    ///   - display: How messages name it.
    ///   - contract: The contract as it loaded.
    ///   - warnings: Where what is said of the entries passed over goes.
    /// - Returns: The entries taken, in the archive's order, and the matcher.
    /// - Throws: Why none can be taken.
    func taken(
        from archive: URL, display: String, contract: LoadedContract, warnings: inout [CaseAddition.Warning]
    ) async throws(CaseAddition.Problem) -> (entries: [HARArchive.Entry], match: CaptureMatch) {
        let (_, _, read, match) = try await prepared(from: archive, display: display, contract: contract)
        // Only the entries taken are turned into bodies.
        let entries = try select(read, match: match, display: display, warnings: &warnings).map {
            $0.decoded(maxBytes: FixtureStore.maxFixtureBytes)
        }
        for entry in entries {
            switch entry.body {
            case .failure(let problem)?:
                let diagnostic = Diagnostic(
                    .error, "entry \(entry.number): \(problem.message)", file: display, position: entry.position)
                throw .refused([diagnostic], "nothing was added")
            case .success(let body)?:
                if !request.raw, ReviewableJSON.laidOut(body, limit: FixtureStore.maxFixtureBytes).passesLimit {
                    warnings.append(
                        .said(
                            "entry \(entry.number): \(match.recordedURL(entry)): \(ReviewableJSON.keptNote(limit: FixtureStore.maxFixtureBytes))"
                        ))
                }
            case nil: break
            }
        }
        return (entries, match)
    }

    /// The contract, its endpoint, the archive and how its entries are matched, checked before
    /// any entry is taken.
    /// - Parameters:
    ///   - archive: The archive file.
    ///   - display: How messages name it.
    ///   - contract: The contract as it loaded.
    /// - Returns: The contract, its endpoint, the archive read and the matcher.
    /// - Throws: Why no entry can be taken: an invalid or fixture contract, an unreadable archive,
    ///   a client that sends no request.
    func prepared(from archive: URL, display: String, contract: LoadedContract) async throws(CaseAddition.Problem)
        -> (contract: Contract, endpoint: Endpoint, archive: HARArchive, match: CaptureMatch)
    {
        let existing: Contract
        switch contract {
        case .loaded(let loaded): existing = loaded
        case .invalid(_, _, let diagnostics):
            throw .refused(diagnostics, "\(place.path) is not a valid contract; fix it, then add the cases")
        }
        guard let endpoint = existing.endpoint else {
            throw .refused(
                [], "\(place.path) is a fixture contract (no \"endpoint\"), and a capture is matched by its request")
        }
        let read: HARArchive
        switch Self.readArchive(archive, display: display) {
        case .success(let found): read = found
        case .failure(let diagnostic): throw .refused([diagnostic], "nothing was added")
        }
        // A captured write is the contract's only with the body the contract states.
        var statedBody: JSONValue?
        if let body = existing.request?.body {
            switch StatedRequestBody.load(body, fixtures: place.fixtures, contractFile: existing.file) {
            case .success(let loaded): statedBody = loaded.root.value
            case .failure(let diagnostic): throw .refused([diagnostic], "nothing was added")
            }
        }
        switch await CaptureMatch.learn(endpoint, arguments: existing.arguments, statedBody: statedBody) {
        case .success(let match): return (existing, endpoint, read, match)
        case .failure(let failure): throw .refused([], "\(failure.reason); nothing was added")
        }
    }

    /// The archive's bytes, read whatever their size up to the archive limit, and its entries.
    private static func readArchive(_ url: URL, display: String) -> Result<HARArchive, Diagnostic> {
        let data: Data
        switch RegularFile.read(url.path, limit: HARArchive.maxArchiveBytes) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            let reason =
                switch failure {
                case .cannotStat(let code): FileProblem.describe(errno: code)
                case .folder, .notRegular: RegularFile.notRegularReason
                case .tooLarge(let size): "it is \(size) bytes, over the limit of \(HARArchive.maxArchiveBytes) bytes"
                case .cannotRead(let reason): reason
                }
            return .failure(Diagnostic(.error, "cannot read the archive: \(reason)", file: display))
        }
        return HARArchive.read(data, file: display)
    }

    /// The entries picked, saying why each other one is passed over; an entry picked by number
    /// that cannot be taken refuses them all.
    private func select(
        _ archive: HARArchive, match: CaptureMatch, display: String, warnings: inout [CaseAddition.Warning]
    ) throws(CaseAddition.Problem) -> [HARArchive.Entry] {
        if let entry = pick.entry, !(1...max(archive.entries.count, 1)).contains(entry) || archive.entries.isEmpty {
            throw .noSuchEntry(entry, count: archive.entries.count, archive: display)
        }
        var taken: [HARArchive.Entry] = []
        for candidate in archive.entries {
            let shown = "entry \(candidate.number): \(candidate.method) \(match.recordedURL(candidate))"
            if let entry = pick.entry, candidate.number != entry { continue }
            if let filter = pick.filter, !candidate.url.lowercased().contains(filter.lowercased()) {
                warnings.append(.said("\(shown): skipped: its URL does not contain \(JSONValue.quote(filter))"))
                continue
            }
            let passed: (refused: String, skipped: String)
            if !(100...599).contains(candidate.status) {
                // A request the browser cancelled, or that got no answer, is listed with status 0.
                let reason = "no HTTP response was captured (status \(candidate.status))"
                passed = ("\(shown): \(reason)", "\(shown): skipped: \(reason)")
            } else if let reason = match.mismatch(candidate) {
                passed = (
                    "\(shown) is not the contract's request: \(reason)",
                    "\(shown): skipped: not the contract's request: \(reason)"
                )
            } else if let reason = candidate.unseen {
                // The client never sees it: the answer a redirect leads to is an entry of its own.
                passed = ("\(shown): \(reason)", "\(shown): skipped: \(reason)")
            } else {
                taken.append(candidate)
                continue
            }
            if pick.entry != nil { throw .refused([], passed.refused + "; nothing was added") }
            warnings.append(.said(passed.skipped))
        }
        guard !taken.isEmpty else {
            throw .refused([], "no entry of \(display) is the contract's request; nothing was added")
        }
        return taken
    }

    /// Every write, from the contract as it is now: a fixture and a case an entry, appended in the
    /// archive's order, with names that clash with no case and no file.
    /// - Parameters:
    ///   - entries: The entries taken.
    ///   - match: Their matcher, which says the URL each case records.
    ///   - archiveName: The archive's file name, which each case records.
    ///   - source: The contract file as read.
    ///   - memo: The bodies observed already, by entry, under a model.
    /// - Returns: The writes, the cases and the contract as it will be.
    func plan(
        _ entries: [HARArchive.Entry], match: CaptureMatch, archiveName: String, source: ContractLoader.Source,
        memo: inout [Int: (model: String, result: Result<ObservedBody, Diagnostic>)]
    ) throws(CaseAddition.Problem) -> (changes: FileChanges, plan: Planned) {
        guard case .loaded(let existing) = source.loaded, let data = source.data, let root = source.root else {
            throw .refused([], "\(place.path) is no longer a valid contract; nothing was added")
        }
        var names = Set(existing.cases.map(\.name))
        var paths = ContractPlace.fixturePaths(of: existing)
        var templates: [CaseTemplate] = []
        var changes = FileChanges()
        var cases: [CaseAddition.Captured] = []
        // Byte-identical bodies (the same answer seen twice) share one fixture.
        var stored: [Data: String] = [:]
        for (index, entry) in entries.enumerated() {
            guard case .success(let captured)? = entry.body else { continue }
            let body =
                request.raw ? captured : ReviewableJSON.laidOut(captured, limit: FixtureStore.maxFixtureBytes).body
            let caseName = Self.caseName(
                for: entry, index: index, asked: request.name.isEmpty ? nil : request.name,
                endpoint: existing.endpoint?.name, taken: &names)
            let known = stored[body]
            let fixturePath =
                known ?? place.newFixture(named: caseName, contentType: entry.header("Content-Type"), besides: paths)
            paths.insert(fixturePath)
            stored[body] = fixturePath
            var template = CaseTemplate(
                name: caseName, status: entry.status, fixture: fixturePath,
                expect: try Self.expectation(
                    of: body, from: entry, contract: existing, spelling: place.spelling, memo: &memo[index]),
                headers: Redaction.keptHeaders(asked: request.keepHeaders, value: entry.header),
                recorded: (match.recordedURL(entry), entry.startedDateTime, archiveName))
            template.given = request.given
            templates.append(template)
            if known == nil {
                changes.write(
                    body, to: place.fixtures.root.appendingPathComponent(fixturePath),
                    display: place.fixtures.displayName(fixturePath))
            }
            cases.append(
                CaseAddition.Captured(
                    entry: entry.number, method: entry.method, url: match.recordedURL(entry), status: entry.status,
                    bytes: captured.count, name: caseName, fixture: place.fixtures.displayName(fixturePath)))
        }
        guard let appended = ContractEditor.appending(templates, to: data, root: root) else {
            throw .refused([], "cannot find the \"cases\" array in \(place.path) to append to")
        }
        let contract = loader.readAppended(appended.cases, to: existing)
        let invalid = contract.cases.suffix(appended.cases.count).flatMap { entry -> [Diagnostic] in
            if case .invalid(_, let diagnostics) = entry { diagnostics } else { [] }
        }
        if !invalid.isEmpty { throw .refused(invalid, "the cases were not added") }
        changes.write(appended.data, to: place.url, display: place.path)
        return (changes, Planned(cases: cases, contract: contract))
    }

    /// The expectation a captured body's case records: the outcome observed, once an add unless
    /// the model changed under the lock.
    private static func expectation(
        of body: Data, from entry: HARArchive.Entry, contract: Contract,
        spelling: (ModelDescriptor) -> ModelDescriptor,
        memo: inout (model: String, result: Result<ObservedBody, Diagnostic>)?
    ) throws(CaseAddition.Problem) -> CaseTemplate.Expect {
        let model = spelling(contract.model)
        let observed =
            memo.flatMap { $0.model == model.name ? $0.result : nil }
            ?? ObservedBody.observe(
                body, file: "entry \(entry.number)", model: model, status: entry.status,
                rules: contract.rules,
                errors: contract.errors)
        memo = (model.name, observed)
        switch observed {
        case .success(let observation): return observation.expectation
        case .failure(let diagnostic): throw .refused([diagnostic], "entry \(entry.number) cannot be used as a fixture")
        }
    }

    /// A case's name: the one asked for, numbered from the entry's place (and given its status
    /// when not 2xx); or the endpoint's and the status, numbered from 1; never one taken.
    private static func caseName(
        for entry: HARArchive.Entry, index: Int, asked: String?, endpoint: String?, taken names: inout Set<String>
    ) -> String {
        let ok = (200...299).contains(entry.status)
        let base = asked.map { ok ? $0 : "\($0) \(entry.status)" } ?? "\(endpoint ?? "case") \(entry.status)"
        var number = asked == nil ? 1 : index + 1
        var caseName = number == 1 ? base : "\(base) \(number)"
        while names.contains(caseName) {
            number += 1
            caseName = "\(base) \(number)"
        }
        names.insert(caseName)
        return caseName
    }
}
