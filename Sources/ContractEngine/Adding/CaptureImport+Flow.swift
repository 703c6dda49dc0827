import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `add --har --flow FIRST-LAST`: consecutive entries of an archive become one flow case, each an
/// exchange stating the request as captured (secrets by presence only) and the response, its body
/// a fixture written as `add --har` writes one.
extension CaptureImport {
    /// One entry of a flow and the body its fixture holds.
    struct FlowStep {
        /// The entry, its body worked out.
        let entry: HARArchive.Entry
        /// The body the client got, as captured: what later requests are searched for echoes of.
        let captured: Data
        /// The body the fixture holds: the captured one with a stand-in for each secret member's
        /// value, laid out for review unless raw; empty when the answer has none.
        let stored: Data
        /// The response headers the case writes: `Content-Type` and those asked for.
        let headers: [(name: String, value: String)]
    }

    /// Takes the entries of a range into one flow case.
    /// - Parameters:
    ///   - range: The entries, numbered from 1.
    ///   - archive: The archive file.
    ///   - display: How messages name it.
    /// - Returns: The case taken (a `Captured` an entry, one name) and how it ran, or why it was not.
    func addFlow(
        _ range: ClosedRange<Int>, archive: URL, display: String
    ) async -> CaseAddition.Account<CaseAddition.Imported> {
        var warnings: [CaseAddition.Warning] = []
        let source = place.read(with: loader)
        let steps: [FlowStep]
        let match: CaptureMatch
        let sent: [URLRequest]
        let outcome: Outcome?
        do throws(CaseAddition.Problem) {
            let prepared = try await prepared(from: archive, display: display, contract: source.loaded)
            match = prepared.match
            steps = try flowEntries(
                prepared.archive, range: range, match: match, display: display, warnings: &warnings
            ).map(flowStep)
            // The client is called once on the captured answers: the requests it sends say which
            // of the captured headers and query items are its own, and its outcome is the case's.
            let observation = await Replayer(timeout: run.timeout).replayFlow(
                prepared.endpoint, contract: prepared.contract,
                replies: steps.map { step in
                    let headers = Dictionary(step.headers.map { ($0.name, $0.value) }) { _, last in last }
                    let response = ResponseSpec(
                        kind: .http(status: step.entry.status, headers: headers, body: .none), delayMs: 0,
                        position: .start)
                    return (response, step.stored)
                })
            sent = observation.requests
            outcome = observation.firstOutcome
        } catch {
            return CaseAddition.Account(warnings: warnings, result: .failure(error))
        }
        var preloaded: ContractLoader.Source? = source
        let plan = { () throws(CaseAddition.Problem) -> (changes: FileChanges, plan: Planned) in
            defer { preloaded = nil }
            return try self.planFlow(
                steps, sent: sent, outcome: outcome, match: match, source: preloaded ?? place.read(with: loader))
        }
        let planned: Planned
        switch carriedOut(plan, dryRun: pick.dryRun) {
        case .success(let done): planned = done
        case .failure(let problem): return CaseAddition.Account(warnings: warnings, result: .failure(problem))
        }
        let results =
            pick.dryRun
            ? [] : await run.verify(named: planned.cases.prefix(1).map(\.name), of: place.spelt(planned.contract))
        return CaseAddition.Account(
            warnings: warnings,
            result: .success(CaseAddition.Imported(cases: planned.cases, results: results)))
    }

    /// The entries of the range, in order, each checked to be an exchange: an answer the client
    /// sees, with a body it can be given, the first of them the contract's request.
    private func flowEntries(
        _ archive: HARArchive, range: ClosedRange<Int>, match: CaptureMatch, display: String,
        warnings: inout [CaseAddition.Warning]
    ) throws(CaseAddition.Problem) -> [HARArchive.Entry] {
        guard range.lowerBound >= 1, range.upperBound <= archive.entries.count else {
            throw .noSuchEntries(range, count: archive.entries.count, archive: display)
        }
        func refuse(_ entry: HARArchive.Entry, _ reason: String) -> CaseAddition.Problem {
            let diagnostic = Diagnostic(
                .error, "entry \(entry.number): \(reason)", file: display, position: entry.position)
            return .refused([diagnostic], "the entries cannot be a flow; nothing was added")
        }
        var taken: [HARArchive.Entry] = []
        for candidate in archive.entries[(range.lowerBound - 1)..<range.upperBound] {
            if let filter = pick.filter, !candidate.url.lowercased().contains(filter.lowercased()) {
                warnings.append(
                    .said(
                        "entry \(candidate.number): \(candidate.method) \(match.recordedURL(candidate)): skipped: its URL does not contain \(JSONValue.quote(filter))"
                    ))
                continue
            }
            guard URLComponents(string: candidate.url)?.host != nil else {
                throw refuse(candidate, "its URL is not a URL")
            }
            guard RequestExpectation.methods.contains(candidate.method.uppercased()) else {
                throw refuse(candidate, "its method \(JSONValue.quote(candidate.method)) is none a contract states")
            }
            guard (100...599).contains(candidate.status) else {
                throw refuse(
                    candidate, "no HTTP response was captured (status \(candidate.status)), and each exchange needs one"
                )
            }
            if let reason = candidate.unseen { throw refuse(candidate, "\(reason), so it is no exchange of a flow") }
            if taken.isEmpty, let reason = match.mismatch(candidate) {
                throw refuse(candidate, "a flow starts with the contract's request, and this is not it: \(reason)")
            }
            let decoded = candidate.decoded(maxBytes: FixtureStore.maxFixtureBytes)
            if case .failure(let problem)? = decoded.body { throw refuse(candidate, problem.message) }
            taken.append(decoded)
        }
        guard !taken.isEmpty else {
            throw .refused(
                [],
                "no entry from \(range.lowerBound) to \(range.upperBound) of \(display) is left to make a flow; nothing was added"
            )
        }
        return taken
    }

    /// An entry's fixture body: secrets stood in for, then laid out unless raw.
    private func flowStep(_ entry: HARArchive.Entry) -> FlowStep {
        let captured = (try? entry.body?.get()) ?? Data()
        var stored = captured
        if !captured.isEmpty, let root = try? JSONParser.parse(BodyEncoding.utf8(captured)) {
            let stood = Self.standingIn(root.value)
            if !stood.isEquivalent(to: root.value) { stored = Data(stood.contractText.utf8) }
        }
        if !request.raw, !stored.isEmpty {
            stored = ReviewableJSON.laidOut(stored, limit: FixtureStore.maxFixtureBytes).body
        }
        return FlowStep(
            entry: entry, captured: captured, stored: stored,
            headers: Redaction.keptHeaders(asked: request.keepHeaders, value: entry.header))
    }

    /// A body with `stand-in-NAME` in place of the value of each member whose name looks secret
    /// (a token handed out): the fixture never holds the captured secret, and a later request
    /// that must carry it carries the stand-in.
    static func standingIn(_ value: JSONValue) -> JSONValue {
        Redaction.replacingSecretMembers(of: value) { name, value in
            switch value {
            case .string, .number: .string("stand-in-" + name)
            default: nil
            }
        }
    }
}
