import ContractCatalogue
import Foundation

/// Re-records one recorded case: asks the server again, says what changed, and writes the new
/// fixture, headers and stamp only when the answer still satisfies the case and every other case
/// that reads the same fixture (or `--force` says to). An answer identical to the recording
/// writes nothing, not even the stamp, so a nightly `record` leaves a quiet suite clean.
package struct CaseRecorder: Sendable {
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
    struct Stop: Error {
        let account: Account
    }

    /// A recorded case about to be asked again, with the recording the answer may replace.
    struct Target {
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
    struct Exchange {
        let target: Target
        /// The answer, its body laid out for review unless kept as received.
        let answer: LiveResponse
        /// The fixture's bytes; `nil` when the fixture is missing.
        let old: Data?
        /// The headers the case keeps, as the server sent them.
        let headers: [(name: String, value: String)]
        /// The outcome the fixture predicts, when there is one.
        let oldOutcome: String?
        /// What is said of the body written besides what changed (kept as received, and why).
        var notes: [String] = []
    }

    /// The case's request and the recording it rewrites.
    /// - Throws: What `record` says of a case it does not ask for: skipped, a captured error, or
    ///   not a recorded fixture case.
    func target(_ spec: CaseSpec, of contract: Contract) throws(Stop) -> Target {
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
    func exchange(for target: Target) async throws(Stop) -> Exchange {
        let (contract, spec) = (target.contract, target.spec)
        var answer: LiveResponse
        switch await target.request.send(live) {
        case .success(let response): answer = response
        case .failure(let unanswered) where unanswered.unsentWrite != nil:
            throw Stop(
                account: Account(
                    verdict: .skipped,
                    said: line(
                        "SKIPPED", contract, spec, unanswered.url,
                        ["skipped: \(unanswered.unsentWrite ?? ""); not asked for, not written"])))
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
        // Laid out for review, unless asked not to, the fixture holds the answer as received, or
        // the layout would pass the fixture limit (then kept as received, and said).
        var notes: [String] = []
        if !live.raw, old != answer.body {
            let layout = ReviewableJSON.laidOut(answer.body, limit: FixtureStore.maxFixtureBytes)
            answer.body = layout.body
            if layout.passesLimit { notes.append(ReviewableJSON.keptNote(limit: FixtureStore.maxFixtureBytes)) }
        }
        let headers = Redaction.keptHeaders(asked: target.headers.keys.sorted(), value: answer.header)
        let oldOutcome = old.map {
            Predictor.predict(
                spec.response, body: $0, model: contract.model, rules: contract.rules, errors: contract.errors
            ).summary(model: contract.model)
        }
        return Exchange(
            target: target, answer: answer, old: old, headers: headers, oldOutcome: oldOutcome, notes: notes)
    }

    /// What `record` says of an answer identical to the recording, which it does not write.
    func unchanged(_ exchange: Exchange) -> Account {
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
    func checked(_ exchange: Exchange) async throws(Stop) -> (details: [String], failures: [Diagnostic]) {
        let (contract, spec, answer) = (exchange.target.contract, exchange.target.spec, exchange.answer)
        // The case with the server's answer, run once: its prediction is the new outcome reported.
        let answered = spec.answered(by: answer)
        let (check, prediction) = await run.runner(answered, of: contract).evaluate()
        let newOutcome =
            prediction?.summary(model: contract.model)
            ?? Predictor.predict(
                answered.response, body: answer.body, model: contract.model, rules: contract.rules,
                errors: contract.errors
            ).summary(
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
