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
        var verdict: Verdict
        /// The case's line and its details, as far as they name no setting.
        var said: String
        var diagnostics: [Diagnostic] = []
        var messages: [String] = []
        /// Why a new answer that fails was not written, when that is the case's last word.
        var notWritten: NotWritten?

        /// The lines to print for the case: `RECORDED  contracts/x.json  case  URL`, then the
        /// details indented.
        /// - Parameter wording: The reader's words for why a new answer was not written, which
        ///   name the setting that writes it anyway.
        /// - Returns: The lines, each ending in a newline.
        package func text(wording: (NotWritten) -> String) -> String {
            said + (notWritten.map { "  \(VisibleText.escaped(wording($0)))\n" } ?? "")
        }
    }

    /// Why a new answer was not written although the server gave one: cases fail with it, and
    /// only forcing writes it.
    package enum NotWritten: Sendable, Equatable {
        /// The case's own `expect` fails with the new answer.
        case failsExpect
        /// Another case that reads the same fixture fails with the new answer.
        case failsReaders(fixture: String)
    }

    /// A case of the suite and its contract: one to re-record, or another that reads a fixture
    /// (checked with the new body before the fixture changes).
    struct Case: Sendable {
        let contract: Contract
        let spec: CaseSpec
    }

    /// What the run's cases share.
    let run: RunContext
    /// Where the requests go and how long they may take.
    let live: LiveSettings
    let force: Bool
    let writer: SuiteWriter
    /// Every case of the suite that reads a fixture, by the fixture's resolved path.
    let readers: [String: [Case]]
    /// The same, read again from the files as they are now; `nil` when the suite cannot be read.
    let reload: @Sendable () -> [String: [Case]]?

    /// Re-records a case.
    /// - Parameter recorded: A recorded case of an endpoint contract.
    /// - Returns: The verdict and the lines to print.
    func record(_ recorded: Case) async -> Account {
        let (spec, contract) = (recorded.spec, recorded.contract)
        do throws(Stop) {
            let target = try target(spec, of: contract)
            let exchange = try await exchange(for: target)
            if exchange.old == exchange.answer.body, target.status == exchange.answer.status,
                Self.same(exchange.headers, target.headers)
            {
                return unchanged(exchange)
            }
            let (details, failures) = try await checked(exchange)
            return await write(exchange, details: details, failures: failures)
        } catch {
            return error.account
        }
    }

    /// What `record` says of a case it stops at before the end: one not asked, not answered, or
    /// not written.
    private struct Stop: Error {
        let account: Account
    }

    /// A recorded case about to be asked again, with the recording the answer may replace.
    private struct Target {
        let request: RecordedRequest
        /// The recorded status.
        let status: Int
        /// The recorded headers: the ones the case keeps.
        let headers: [String: String]
        /// The fixture's resolved path.
        let fixture: String
        /// The fixture's name as files and outputs show it.
        let display: String
        /// The contract's file, where the new `recorded` is written.
        let contractURL: URL

        var contract: Contract { request.contract }
        var spec: CaseSpec { request.spec }
    }

    /// The server's answer beside the recording.
    private struct Exchange {
        let target: Target
        /// The answer, its body laid out for review unless kept as received.
        let answer: LiveResponse
        /// The fixture's bytes; `nil` when the fixture is missing.
        let old: Data?
        /// The headers the case keeps, as the server sent them.
        let headers: [(name: String, value: String)]
        /// The outcome the fixture predicts, when there is one.
        let oldOutcome: String?
    }

    /// The case's request and the recording it rewrites.
    /// - Throws: What `record` says of a case it does not ask for: skipped, a captured error, or
    ///   not a recorded fixture case.
    private func target(_ spec: CaseSpec, of contract: Contract) throws(Stop) -> Target {
        let request: RecordedRequest?
        switch RecordedRequest.of(spec, in: contract) {
        case .success(let found):
            request = found
        case .failure(.skipped(let reason)):
            throw Stop(
                account: Account(
                    verdict: .skipped,
                    said: line("SKIPPED", contract, spec, nil, ["skipped: \(reason); not asked for, not written"])))
        case .failure(.capturedError):
            throw Stop(
                account: Account(
                    verdict: .skipped,
                    said: line(
                        "SKIPPED", contract, spec, nil,
                        ["skipped: captured error; kept as it was seen, not asked for, not written"])))
        case .failure(.notRecorded):
            request = nil
        }
        guard let request, let contractURL = contract.url,
            case .http(let status, let headers, .fixture(let path, let fixture, _)) = spec.response.kind
        else {
            throw Stop(
                account: Account(
                    verdict: .error, said: line("ERROR", contract, spec, nil),
                    messages: ["\(contract.file): \(spec.name) is not a recorded fixture case"]))
        }
        return Target(
            request: request, status: status, headers: headers, fixture: fixture,
            display: run.fixtures.displayName(path), contractURL: contractURL)
    }

    /// Asks the server, then reads the fixture the answer may replace.
    /// - Throws: What `record` says when the server gives no answer or the fixture cannot be read.
    private func exchange(for target: Target) async throws(Stop) -> Exchange {
        let (contract, spec) = (target.contract, target.spec)
        var answer: LiveResponse
        switch await target.request.send(live) {
        case .success(let response): answer = response
        case .failure(let unanswered):
            throw Stop(
                account: Account(
                    verdict: .error, said: line("ERROR", contract, spec, unanswered.url),
                    diagnostics: [unanswered.diagnostic]))
        }
        var old: Data?
        if access(target.fixture, F_OK) == 0 {
            switch FixtureStore.load(path: target.fixture, display: target.display) {
            case .success(let data): old = data
            case .failure(let problem):
                // Unreadable, over the limit, not a file: never written over without a word.
                throw Stop(
                    account: Account(
                        verdict: .error, said: line("ERROR", contract, spec, answer.displayURL), diagnostics: [problem])
                )
            }
        }
        // Laid out for review, unless asked not to or the fixture holds the answer as received.
        if !live.raw, old != answer.body { answer.body = ReviewableJSON.laidOut(answer.body) }
        let headers = Redaction.keptHeaders(asked: target.headers.keys.sorted(), value: answer.header)
        let oldOutcome = old.map {
            Predictor.predict(spec.response, body: $0, model: contract.model).summary(model: contract.model)
        }
        return Exchange(target: target, answer: answer, old: old, headers: headers, oldOutcome: oldOutcome)
    }

    /// What `record` says of an answer identical to the recording, which it does not write.
    private func unchanged(_ exchange: Exchange) -> Account {
        let details = changes(in: exchange, outcomes: (exchange.oldOutcome, exchange.oldOutcome ?? ""))
        return Account(
            verdict: .unchanged,
            said: line("UNCHANGED", exchange.target.contract, exchange.target.spec, exchange.answer.displayURL, details)
        )
    }

    /// Runs the case with the server's answer, and every other case that reads its fixture with
    /// the new body.
    /// - Returns: The lines saying what changed, and the failures `--force` writes over.
    /// - Throws: What `record` says of an answer that fails and is not forced.
    private func checked(_ exchange: Exchange) async throws(Stop) -> (details: [String], failures: [Diagnostic]) {
        let (contract, spec, answer) = (exchange.target.contract, exchange.target.spec, exchange.answer)
        // The case with the server's answer, run once: its prediction is the new outcome reported.
        let answered = spec.answered(by: answer)
        let (check, prediction) = await run.runner(answered, of: contract).evaluate()
        let newOutcome =
            prediction?.summary(model: contract.model)
            ?? Predictor.predict(answered.response, body: answer.body, model: contract.model).summary(
                model: contract.model)
        let details = changes(in: exchange, outcomes: (exchange.oldOutcome, newOutcome))
        var failures = Self.failures(of: check, file: contract.file, position: spec.position)
        let display = exchange.target.display
        let shared = await sharedReaderFailures(
            of: exchange.target.fixture, besides: (contract, spec), body: answer.body, display: display)
        failures += shared
        guard failures.isEmpty || force else {
            throw Stop(
                account: Account(
                    verdict: .failed, said: line("FAILED", contract, spec, answer.displayURL, details),
                    diagnostics: failures, notWritten: shared.isEmpty ? .failsExpect : .failsReaders(fixture: display)))
        }
        return (details, failures)
    }

    /// Writes the new fixture and the contract's new `recorded` together, all or none.
    /// - Returns: What `record` says: recorded or forced, or why nothing was written.
    private func write(_ exchange: Exchange, details: [String], failures: [Diagnostic]) async -> Account {
        let (target, answer) = (exchange.target, exchange.answer)
        var details = details
        let stamp = Recording.stamp(Date())
        var underLock = false
        do {
            _ = try await writer.writeRechecking { () async throws(RecordRefusal) in
                // Before the lock, the checks above decided; under it, they run again on the suite
                // as it is now (a case added meanwhile may read this fixture too).
                if underLock, !force {
                    try await recheck(
                        target.spec, of: target.contract, answer: answer, fixture: target.fixture,
                        display: target.display)
                }
                underLock = true
                return (try plannedChanges(exchange, at: stamp), ())
            }
        } catch {
            return notWritten(exchange, details: details, error)
        }
        details += failures.map { "expectation that now fails: \($0.rendered)" }
        let verdict: Verdict = failures.isEmpty ? .recorded : .forced
        return Account(
            verdict: verdict,
            said: line(
                verdict == .recorded ? "RECORDED" : "FORCED", target.contract, target.spec, answer.displayURL, details))
    }

    /// The new fixture, and the contract with the case's `recorded` stamped anew.
    private func plannedChanges(_ exchange: Exchange, at stamp: String) throws(RecordRefusal) -> FileChanges {
        let (target, answer) = (exchange.target, exchange.answer)
        var changes = FileChanges()
        changes.write(
            answer.body, to: URL(fileURLWithPath: target.fixture, isDirectory: false), display: target.display)
        guard let current = try? Data(contentsOf: target.contractURL),
            let updated = ContractEditor.updatingRecording(
                of: target.spec.name, in: current, url: answer.displayURL, at: stamp, status: answer.status,
                headers: exchange.headers
            )
        else {
            throw RecordRefusal(
                message:
                    "cannot find the case \(JSONValue.quote(target.spec.name)) and its \"recorded\" in \(target.contract.file); nothing was written"
            )
        }
        changes.write(updated, to: target.contractURL, display: target.contract.file)
        return changes
    }

    /// What `record` says when the write was refused or failed.
    private func notWritten(
        _ exchange: Exchange, details: [String], _ error: SuiteWriter.Failure<RecordRefusal>
    ) -> Account {
        let (contract, spec, url) = (exchange.target.contract, exchange.target.spec, exchange.answer.displayURL)
        if case .refused(let refusal) = error, !refusal.diagnostics.isEmpty {
            return Account(
                verdict: .failed, said: line("FAILED", contract, spec, url, details + [refusal.message]),
                diagnostics: refusal.diagnostics)
        }
        let message =
            switch error {
            case .refused(let refusal): refusal.message
            case .cannotWrite(let error): "cannot write \(JSONValue.quote(error.path)): \(error.reason)"
            }
        return Account(verdict: .error, said: line("ERROR", contract, spec, url, details), messages: [message])
    }

    /// The errors of a case run with the new answer; a case that does not pass and names no error
    /// is said to be what it is.
    private static func failures(of check: CaseResult, file: String, position: SourcePosition) -> [Diagnostic] {
        guard check.status != .passed else { return [] }
        let errors = check.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return errors }
        return [
            Diagnostic(
                .error, "the case is \(check.status.rawValue) with the new answer", file: file, position: position)
        ]
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
            failures += Self.failures(of: check, file: contract.file, position: current.spec.position)
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
        readers: [String: [Case]]? = nil
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
    private func changes(in exchange: Exchange, outcomes: (old: String?, new: String)) -> [String] {
        let (old, live, headers) = (exchange.old, exchange.answer, exchange.headers)
        let (oldStatus, oldHeaders) = (exchange.target.status, exchange.target.headers)
        let model = exchange.target.contract.model
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
    init(
        run: RunContext, live: LiveSettings, force: Bool, writer: SuiteWriter, readers: [String: [Case]],
        reload: @escaping @Sendable () -> [String: [Case]]?
    ) {
        self.run = run
        self.live = live
        self.force = force
        self.writer = writer
        self.readers = readers
        self.reload = reload
    }
}
