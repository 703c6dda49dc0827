import ContractCatalogue
import Foundation

/// Verifies one ready case: loads its body, predicts and checks the outcome, then replays it.
struct CaseRunner: Sendable {
    let contract: Contract
    let contractCase: CaseSpec
    let fixtures: FixtureLocator
    let replay: Bool
    let timeout: TimeInterval
    /// Which keys each model reads, shared by the run.
    let keyReads: KeyReadCache
    /// Whether keys the model never reads are looked for. `mutate` needs only the verdict of the
    /// case it mutates, which warnings never change there, and looks for them only when the case
    /// does not pass and its diagnostics are shown.
    var findsUnreadKeys = true

    /// Verifies the case: predicts the outcome from the response alone and checks it against
    /// `expect`, looks for keys the model never reads, then replays the response through the real
    /// client and checks the request, the result and the completion. A client that disagrees
    /// with the prediction is named as such, since that is a bug in the client, not the fixture.
    /// - Parameter loaded: The body when the caller has read it already (`mutate` goes on to
    ///   derive mutants from it); read from the response otherwise.
    /// - Returns: The case's result with every diagnostic.
    func run(body loaded: LoadedBody? = nil) async -> CaseResult {
        await evaluate(body: loaded).result
    }

    /// Runs the case as `run(body:)` does, and gives the outcome it predicted from the response
    /// too (`nil` when only replay can tell), for `record`'s account of what changed.
    func evaluate(body loaded: LoadedBody? = nil) async -> (result: CaseResult, prediction: Outcome?) {
        if let reason = contractCase.skip {
            return (result(.skipped, skipReason: reason), nil)
        }
        if contractCase.isFlow { return await evaluateFlow() }
        let request: (body: StatedRequestBody?, judged: [Diagnostic])
        switch statedRequestBody() {
        case .success(let stated): request = stated
        case .failure(let diagnostic): return (result(.error, [diagnostic]), nil)
        }
        let body: LoadedBody
        switch loaded.map(Result.success) ?? loadBody() {
        case .success(let loaded): body = loaded
        case .failure(let diagnostic): return (result(.error, [diagnostic]), nil)
        }
        // The client gets the bytes as they are; the tool's own parser and scan read them as UTF-8.
        let text = BodyEncoding.utf8(body.data)
        let scan = BodyScan(text)
        if let tooDeep = scan.tooDeep {
            // Refused before Foundation's recursive parser or the client ever sees it.
            let diagnostic =
                body.file.map { Diagnostic(.error, BodyScan.tooDeepMessage, file: $0, position: tooDeep) }
                ?? Diagnostic(
                    .error, BodyScan.tooDeepMessage, file: contract.file, position: contractCase.response.position)
            return (result(.error, [diagnostic]), nil)
        }
        let willReplay = replay && contractCase.replay && contract.endpoint != nil
        let check = OutcomeCheck(
            contract: contract, contractCase: contractCase, fixtureFile: body.file, body: body.data)
        var diagnostics = request.judged
        var prediction: Outcome?
        if !contractCase.expect.needsReplay {
            let predicted = Predictor.predict(
                contractCase.response, body: body.data, model: contract.model, rules: contract.rules,
                errors: contract.errors)
            prediction = predicted
            diagnostics += check.check(predicted, from: .prediction)
            if case .decoded = predicted, body.checksUnreadKeys, findsUnreadKeys, contract.model.readsBody {
                diagnostics += unreadKeyDiagnostics(in: text, scan: scan, fixtureFile: body.file)
            }
        } else if !willReplay {
            let name = if case .error(let name, _, _) = contractCase.expect.kind { name.name } else { "" }
            let reason = "\"\(name)\" depends on the arguments and is checked by replay only"
            return (result(.skipped, skipReason: reason), nil)
        }
        var reached: ReplayedOutcome?
        if willReplay, let endpoint = contract.endpoint {
            let replay = await replayed(
                endpoint, body: body.data, check: check, prediction: prediction, requestBody: request.body)
            diagnostics += replay.diagnostics
            reached = replay.reached
        }
        let failed = diagnostics.contains { $0.severity == .error }
        var finished = result(failed ? .failed : .passed, diagnostics)
        finished.replayed = reached
        return (finished, prediction)
    }

    /// Stage one: the body the response declares, read from its fixture when it has one.
    private func loadBody() -> Result<LoadedBody, Diagnostic> {
        LoadedBody.load(contractCase.response, fixtures: fixtures, contractFile: contract.file)
    }

    /// Stage zero: the body the contract's request states, read, and judged by the endpoint's
    /// request model when it names one.
    private func statedRequestBody() -> Result<(body: StatedRequestBody?, judged: [Diagnostic]), Diagnostic> {
        guard let stated = contract.request?.body else { return .success((nil, [])) }
        return StatedRequestBody.load(stated, fixtures: fixtures, contractFile: contract.file).map { body in
            (body, contract.endpoint?.requestModel.map { body.judged(by: $0) } ?? [])
        }
    }

    /// Stage three: the response served to the real client, and what it did with it checked.
    private func replayed(
        _ endpoint: Endpoint, body: Data, check: OutcomeCheck, prediction: Outcome?, requestBody: StatedRequestBody?
    ) async -> (diagnostics: [Diagnostic], reached: ReplayedOutcome) {
        let observation = await Replayer(timeout: timeout).replay(
            endpoint, contract: contract, response: contractCase.response, body: body)
        let replayCheck = ReplayCheck(
            contract: contract, contractCase: contractCase, timeout: timeout, outcomeCheck: check,
            prediction: prediction, body: body, requestBody: requestBody
        )
        let outcome = observation.firstOutcome.flatMap {
            CoverageOutcome(
                $0, response: observation.requests.isEmpty ? nil : contractCase.response, rules: contract.rules)
        }
        return (replayCheck.check(observation), ReplayedOutcome(outcome: outcome, queue: contract.responseQueue))
    }

    /// One warning per key of the body the model never reads, unless the contract lists it;
    /// `DiagnosticRules` makes them errors under `--strict`.
    private func unreadKeyDiagnostics(in body: Data, scan: BodyScan, fixtureFile: String?) -> [Diagnostic] {
        UnreadKeys.find(in: body, scan: scan, model: contract.model, cache: keyReads)
            .filter { key in !contract.ignoredKeys.contains { KeyPattern(text: $0).matches(key.path) } }
            .map { key in
                Diagnostic(
                    .warning,
                    "\(key.path): the \(contract.model.name) model never reads this key (\(key.occurrences) \(key.occurrences == 1 ? "occurrence" : "occurrences"))",
                    file: fixtureFile ?? contract.file,
                    position: fixtureFile == nil ? contractCase.response.position : key.position,
                    path: key.path,
                    code: .unreadKey
                )
            }
    }

    func result(_ status: CaseResult.Status, _ diagnostics: [Diagnostic] = [], skipReason: String? = nil)
        -> CaseResult
    {
        CaseResult(
            contract: contract.file, endpoint: contract.endpoint?.name, caseName: contractCase.name,
            status: status, diagnostics: diagnostics, skipReason: skipReason
        )
    }
}
