import ContractCatalogue
import Foundation

/// Writing a new answer: the fixture and the contract's `recorded` together, all or none, after
/// every check that decides the write is run again under the suite's lock.
extension CaseRecorder {
    /// Writes the new fixture and the contract's new `recorded` together, all or none.
    /// - Returns: What `record` says: recorded or forced, or why nothing was written.
    func write(_ exchange: Exchange, details: [String], failures: [Diagnostic]) async -> Account {
        let (target, answer) = (exchange.target, exchange.answer)
        var details = details + exchange.notes
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
    func plannedChanges(_ exchange: Exchange, at stamp: String) throws(RecordRefusal) -> FileChanges {
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
    func notWritten(
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
    static func failures(of check: CaseResult, file: String, position: SourcePosition) -> [Diagnostic] {
        guard check.status != .passed else { return [] }
        let errors = check.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return errors }
        return [
            Diagnostic(
                .error, "the case is \(check.status.rawValue) with the new answer", file: file, position: position)
        ]
    }

    /// Why the contract could not be edited, or why the answer no longer fits the suite as it is.
    struct RecordRefusal: Error {
        let message: String
        var diagnostics: [Diagnostic] = []
    }

    /// Runs again, under the suite's lock, every check that decides the write: the case itself and
    /// every case that reads its fixture, as the files are now.
    func recheck(
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
    func sharedReaderFailures(
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
}
