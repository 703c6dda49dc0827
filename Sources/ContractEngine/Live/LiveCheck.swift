import ContractCatalogue
import Foundation

/// `verify --live` for one case: the server's answer to the client's own request goes through
/// the same prediction, replay and checks as the case's fixture would, then its shape is compared
/// with the fixture's.
struct LiveCheck: Sendable {
    let contract: Contract
    let spec: CaseSpec
    let run: RunContext
    let live: LiveSettings

    /// Runs the case against the server; a case that was never recorded is skipped.
    /// - Returns: Its result, carrying the URL asked for.
    func run() async -> CaseResult {
        let skipped = CaseResult(
            contract: contract.file, endpoint: contract.endpoint?.name, caseName: spec.name, status: .skipped)
        let request: RecordedRequest
        switch RecordedRequest.of(spec, in: contract) {
        case .success(let found): request = found
        case .failure(.skipped(let reason)): return with(skipped) { $0.skipReason = reason }
        case .failure(.notRecorded): return with(skipped) { $0.skipReason = "not recorded" }
        case .failure(.capturedError): return with(skipped) { $0.skipReason = "captured error" }
        }
        let answer: LiveResponse
        switch await request.send(live) {
        case .success(let response):
            answer = response
        case .failure(let unanswered) where unanswered.unsentWrite != nil:
            return with(skipped) { $0.skipReason = unanswered.unsentWrite }
        case .failure(let unanswered):
            return with(skipped) {
                $0.status = .error
                $0.skipReason = nil
                $0.diagnostics = [unanswered.diagnostic]
                $0.url = unanswered.url
            }
        }
        if let answers = live.answers, let endpoint = contract.endpoint?.name {
            answers.keep(
                LiveAnswers.Answer(
                    contract: contract.file, caseName: spec.name, endpoint: endpoint, model: contract.model.name,
                    status: answer.status, body: answer.body))
        }
        let position = request.recording.position
        var result = await run.runner(spec.answered(by: answer), of: contract).run()
        result.url = answer.displayURL
        result.diagnostics += answer.redirects.map {
            Diagnostic(
                .note, "followed a redirect to \(answer.shown($0))", file: contract.file, position: position)
        }
        if let warning = answer.unsentBaseQueryWarning {
            result.diagnostics.append(Diagnostic(.warning, warning, file: contract.file, position: position))
        }
        result.diagnostics += driftDiagnostics(against: answer)
        return result
    }

    /// Warnings at the fixture's positions for every way the server's body differs in shape.
    private func driftDiagnostics(against live: LiveResponse) -> [Diagnostic] {
        guard case .http(_, _, .fixture(let path, let file, _)) = spec.response.kind else { return [] }
        let display = run.fixtures.displayName(path)
        guard case .success(let fixture) = FixtureStore.load(path: file, display: display) else { return [] }
        return DriftCheck.drift(fixture: fixture, server: live.body, model: contract.model, keyReads: run.keyReads).map
        { drift in
            Diagnostic(.warning, drift.message, file: display, position: drift.position, path: drift.path, code: .drift)
        }
    }

    private func with(_ result: CaseResult, _ change: (inout CaseResult) -> Void) -> CaseResult {
        var result = result
        change(&result)
        return result
    }
}
