import DogPatchClients
import Foundation

/// Re-records one recorded case: asks the server again, says what changed, and writes the new
/// fixture, headers and stamp only when the answer still satisfies the case and every other case
/// that reads the same fixture (or `--force` says to). An answer identical to the recording
/// writes nothing, not even the stamp, so a nightly `record` leaves a quiet suite clean.
package struct CaseRecorder: Sendable {
    /// What came of one case.
    package enum Verdict: String, Sendable, CaseIterable {
        case recorded, unchanged, forced, failed, skipped, error
    }

    /// What `record` prints for a case, and what it reports on standard error.
    package struct Account: Sendable {
        package var verdict: Verdict
        package var text: String
        package var diagnostics: [Diagnostic] = []
        package var messages: [String] = []
    }

    /// Another case that reads a fixture: checked with the new body before the fixture changes.
    package struct Reader: Sendable {
        let contract: Contract
        let spec: CaseSpec

        /// Creates one with every property given.
        package init(contract: Contract, spec: CaseSpec) {
            self.contract = contract
            self.spec = spec
        }
    }

    /// What the run's cases share.
    let run: RunContext
    /// Where the requests go and how long they may take.
    let live: LiveSettings
    let force: Bool
    let writer: SuiteWriter
    /// Every case of the suite that reads a fixture, by the fixture's resolved path.
    let readers: [String: [Reader]]
    /// The same, read again from the files as they are now; `nil` when the suite cannot be read.
    let reload: @Sendable () -> [String: [Reader]]?

    /// Re-records a case.
    /// - Parameters:
    ///   - spec: A recorded case of an endpoint contract.
    ///   - contract: Its contract.
    /// - Returns: The verdict and the lines to print.
    package func record(_ spec: CaseSpec, of contract: Contract) async -> Account {
        if let reason = spec.skip {
            return Account(
                verdict: .skipped,
                text: line("SKIPPED", contract, spec, nil, ["skipped: \(reason); not asked for, not written"]))
        }
        if let recorded = spec.recorded, case .http(let status, _, _) = spec.response.kind,
            recorded.isCapturedError(status: status)
        {
            return Account(
                verdict: .skipped,
                text: line(
                    "SKIPPED", contract, spec, nil,
                    ["skipped: captured error; kept as it was seen, not asked for, not written"]))
        }
        guard spec.recorded != nil, let endpoint = contract.endpoint, let contractURL = contract.url,
            case .http(let oldStatus, let oldHeaders, .fixture(let path, let fixtureFile, _)) = spec.response.kind
        else {
            return Account(
                verdict: .error, text: line("ERROR", contract, spec, nil),
                messages: ["\(contract.file): \(spec.name) is not a recorded fixture case"])
        }
        var answer: LiveResponse
        switch await LiveFetcher.fetch(
            endpoint, arguments: contract.arguments, baseURL: self.live.baseURLs.url(for: endpoint),
            timeout: self.live.timeout)
        {
        case .success(let response): answer = response
        case .failure(let failure):
            let diagnostic = Diagnostic(.error, failure.message, file: contract.file, position: spec.recorded?.position)
            return Account(verdict: .error, text: line("ERROR", contract, spec, failure.url), diagnostics: [diagnostic])
        }
        let display = run.fixtures.displayName(path)
        var old: Data?
        if access(fixtureFile, F_OK) == 0 {
            switch FixtureStore.load(path: fixtureFile, display: display) {
            case .success(let data): old = data
            case .failure(let problem):
                // Unreadable, over the limit, not a file: never written over without a word.
                return Account(
                    verdict: .error, text: line("ERROR", contract, spec, answer.displayURL), diagnostics: [problem])
            }
        }
        // Laid out for review, unless asked not to or the fixture holds the answer as received.
        if !live.raw, old != answer.body { answer.body = ReviewableJSON.laidOut(answer.body) }
        let headers = Redaction.keptHeaders(asked: oldHeaders.keys.sorted(), value: answer.header)
        let oldOutcome = old.map {
            Predictor.predict(spec.response, body: $0, model: contract.model).summary(model: contract.model)
        }
        if old == answer.body, oldStatus == answer.status, Self.same(headers, oldHeaders) {
            let details = changes(
                from: old, status: oldStatus, headers: oldHeaders, to: answer, keeping: headers, model: contract.model,
                outcomes: (oldOutcome, oldOutcome ?? "")
            )
            return Account(verdict: .unchanged, text: line("UNCHANGED", contract, spec, answer.displayURL, details))
        }
        // The case with the server's answer, run once: its prediction is the new outcome reported.
        let answered = spec.answered(by: answer)
        let (check, prediction) = await run.runner(answered, of: contract).evaluate()
        let newOutcome =
            prediction?.summary(model: contract.model)
            ?? Predictor.predict(answered.response, body: answer.body, model: contract.model).summary(
                model: contract.model)
        var details = changes(
            from: old, status: oldStatus, headers: oldHeaders, to: answer, keeping: headers, model: contract.model,
            outcomes: (oldOutcome, newOutcome)
        )
        var failures = check.status == .passed ? [] : check.diagnostics.filter { $0.severity == .error }
        if check.status != .passed, failures.isEmpty {
            failures = [
                Diagnostic(
                    .error, "the case is \(check.status.rawValue) with the new answer", file: contract.file,
                    position: spec.position)
            ]
        }
        let shared = await sharedReaderFailures(
            of: fixtureFile, besides: (contract, spec), body: answer.body, display: display)
        failures += shared
        guard failures.isEmpty || force else {
            details.append(
                shared.isEmpty
                    ? "not written: the new answer does not satisfy the case's \"expect\" (--force writes it)"
                    : "not written: the new answer does not satisfy every case that reads \(display) (--force writes it)"
            )
            return Account(
                verdict: .failed, text: line("FAILED", contract, spec, answer.displayURL, details),
                diagnostics: failures)
        }
        let stamp = Recording.stamp(Date())
        var underLock = false
        do {
            _ = try await writer.writeRechecking { () async throws(RecordRefusal) in
                // Before the lock, the checks above decided; under it, they run again on the suite
                // as it is now (a case added meanwhile may read this fixture too).
                if underLock, !force {
                    try await recheck(spec, of: contract, answer: answer, fixture: fixtureFile, display: display)
                }
                underLock = true
                var changes = FileChanges()
                changes.write(answer.body, to: URL(fileURLWithPath: fixtureFile, isDirectory: false), display: display)
                guard let current = try? Data(contentsOf: contractURL),
                    let updated = ContractEditor.updatingRecording(
                        of: spec.name, in: current, url: answer.displayURL, at: stamp, status: answer.status,
                        headers: headers
                    )
                else {
                    throw RecordRefusal(
                        message:
                            "cannot find the case \(JSONValue.quote(spec.name)) and its \"recorded\" in \(contract.file); nothing was written"
                    )
                }
                changes.write(updated, to: contractURL, display: contract.file)
                return (changes, ())
            }
        } catch {
            if case .refused(let refusal) = error, !refusal.diagnostics.isEmpty {
                details.append(refusal.message)
                return Account(
                    verdict: .failed, text: line("FAILED", contract, spec, answer.displayURL, details),
                    diagnostics: refusal.diagnostics)
            }
            let message =
                switch error {
                case .refused(let refusal): refusal.message
                case .cannotWrite(let error): "cannot write \(JSONValue.quote(error.path)): \(error.reason)"
                }
            return Account(
                verdict: .error, text: line("ERROR", contract, spec, answer.displayURL, details), messages: [message])
        }
        details += failures.map { "expectation that now fails: \($0.rendered)" }
        let verdict: Verdict = failures.isEmpty ? .recorded : .forced
        return Account(
            verdict: verdict,
            text: line(verdict == .recorded ? "RECORDED" : "FORCED", contract, spec, answer.displayURL, details))
    }

    /// Why the contract could not be edited, or why the answer no longer fits the suite as it is.
    private struct RecordRefusal: Error {
        let message: String
        var diagnostics: [Diagnostic] = []
    }

    /// Runs again, under the suite's lock, every check that decides the write: the case itself and
    /// every case that reads its fixture, as the files are now.
    private func recheck(
        _ spec: CaseSpec, of contract: Contract, answer: LiveResponse, fixture: String, display: String
    ) async throws(RecordRefusal) {
        let changed = "not written: the suite changed while record waited for its lock"
        guard let readers = reload() else {
            throw RecordRefusal(message: "\(changed), and it cannot be read as it is now; nothing was written")
        }
        let now = readers[fixture] ?? []
        var failures: [Diagnostic] = []
        if let current = now.first(where: { $0.contract.file == contract.file && $0.spec.name == spec.name }) {
            let (check, _) = await run.runner(current.spec.answered(by: answer), of: current.contract).evaluate()
            if check.status != .passed {
                failures += check.diagnostics.filter { $0.severity == .error }
                if failures.isEmpty {
                    failures.append(
                        Diagnostic(
                            .error, "the case is \(check.status.rawValue) with the new answer", file: contract.file,
                            position: current.spec.position))
                }
            }
        }
        failures += await sharedReaderFailures(
            of: fixture, besides: (contract, spec), body: answer.body, display: display, readers: readers)
        guard failures.isEmpty else {
            throw RecordRefusal(
                message: "\(changed), and the new answer does not satisfy every case that reads \(display) now",
                diagnostics: failures)
        }
    }

    /// The failures of every other case that reads the fixture, run on the new body with their
    /// own status and headers.
    private func sharedReaderFailures(
        of fixtureFile: String, besides recorded: (Contract, CaseSpec), body: Data, display: String,
        readers: [String: [Reader]]? = nil
    ) async -> [Diagnostic] {
        var failures: [Diagnostic] = []
        for reader in (readers ?? self.readers)[fixtureFile] ?? [] where reader.spec.skip == nil {
            if reader.contract.file == recorded.0.file, reader.spec.name == recorded.1.name { continue }
            guard case .http(let status, let headers, _) = reader.spec.response.kind else { continue }
            let response = ResponseSpec(
                kind: .http(status: status, headers: headers, body: .received(body, source: display)),
                delayMs: reader.spec.response.delayMs, position: reader.spec.response.position
            )
            let spec = CaseSpec(
                name: reader.spec.name, position: reader.spec.position, response: response, expect: reader.spec.expect,
                skip: nil, replay: reader.spec.replay, recorded: reader.spec.recorded
            )
            let result = await run.runner(spec, of: reader.contract).run()
            guard result.status != .passed else { continue }
            let said =
                result.diagnostics.filter { $0.severity == .error }.map(\.message).first
                ?? "it is \(result.status.rawValue)"
            failures.append(
                Diagnostic(
                    .error,
                    "\(display) is read by the case \(JSONValue.quote(reader.spec.name)) too, which fails with the new answer: \(said)",
                    file: reader.contract.file, position: reader.spec.position
                ))
        }
        return failures
    }

    private static func same(_ headers: [(name: String, value: String)], _ old: [String: String]) -> Bool {
        headers.count == old.count && headers.allSatisfy { old[$0.name] == $0.value }
    }

    /// What changed between the recording and the server's answer today: the status, the
    /// headers the case keeps, the keys (as collapsed paths, in the drift check's words) and the
    /// decode outcome.
    private func changes(
        from old: Data?, status oldStatus: Int, headers oldHeaders: [String: String], to live: LiveResponse,
        keeping headers: [(name: String, value: String)], model: ModelDescriptor, outcomes: (old: String?, new: String)
    ) -> [String] {
        var lines = [
            live.status == oldStatus ? "status: \(live.status), unchanged" : "status: \(live.status), was \(oldStatus)"
        ]
        for redirect in live.redirects { lines.append("followed a redirect to \(live.shown(redirect))") }
        if let warning = live.unsentBaseQueryWarning { lines.append(warning) }
        for name in Set(oldHeaders.keys).union(headers.map(\.name)).sorted() {
            let new = headers.first { $0.name == name }?.value
            guard new != oldHeaders[name] else { continue }
            lines.append(
                "header \(name): " + (new.map { JSONValue.quote($0) } ?? "no longer sent")
                    + (oldHeaders[name].map { ", was \(JSONValue.quote($0))" } ?? ""))
        }
        if let old {
            if old == live.body {
                lines.append("body: unchanged")
            } else {
                lines.append("body: \(live.body.count) bytes, was \(old.count)")
                lines += DriftCheck.drift(fixture: old, server: live.body, model: model, keyReads: run.keyReads).map(
                    \.message)
            }
        } else {
            lines.append("body: \(live.body.count) bytes; the fixture was missing")
        }
        let (oldOutcome, newOutcome) = outcomes
        lines.append(
            oldOutcome == newOutcome
                ? "outcome: \(newOutcome), unchanged" : "outcome: \(newOutcome), was \(oldOutcome ?? "nothing")")
        return lines
    }

    /// `RECORDED  contracts/x.json  case  URL`, then the details indented.
    private func line(_ label: String, _ contract: Contract, _ spec: CaseSpec, _ url: String?, _ details: [String] = [])
        -> String
    {
        let padded = label.padding(toLength: 10, withPad: " ", startingAt: 0)
        var text = "\(padded)\(VisibleText.escaped(contract.file))  \(VisibleText.escaped(spec.name))"
        if let url { text += "  \(VisibleText.escaped(url))" }
        return text + "\n" + details.map { "  \(VisibleText.escaped($0))\n" }.joined()
    }

    /// Creates one with every property given.
    package init(
        run: RunContext, live: LiveSettings, force: Bool, writer: SuiteWriter, readers: [String: [Reader]],
        reload: @escaping @Sendable () -> [String: [Reader]]?
    ) {
        self.run = run
        self.live = live
        self.force = force
        self.writer = writer
        self.readers = readers
        self.reload = reload
    }
}
