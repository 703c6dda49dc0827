import Foundation
import DogPatchClients

/// Verifies one ready case: loads its body, predicts and checks the outcome, then replays it.
struct CaseRunner: Sendable {
    let contract: Contract
    let contractCase: CaseSpec
    let fixtures: FixtureLocator
    let replay: Bool
    let timeout: TimeInterval
    /// Which keys each model reads, shared by the run.
    let keyReads: KeyReadCache

    func run() async -> CaseResult {
        if let reason = contractCase.skip {
            return result(.skipped, skipReason: reason)
        }
        let body: Data
        var fixtureFile: String?
        switch declaredBody {
        case .none:
            body = Data()
        case .inline(let text):
            body = Data(text.utf8)
        case .fixture(let path, let url, let position):
            let display = fixtures.displayName(path)
            fixtureFile = display
            switch FixtureStore.load(url, display: display) {
            case .success(let data): body = data
            case .failure(var diagnostic):
                if diagnostic.position == nil {
                    diagnostic = Diagnostic(.error, diagnostic.message, file: contract.file, position: position)
                }
                return result(.error, [diagnostic])
            }
        }
        // The client gets the bytes as they are; the tool's own parser and scan read them as UTF-8.
        let text = BodyEncoding.utf8(body)
        let scan = BodyScan(text)
        if let tooDeep = scan.tooDeep {
            // Refused before Foundation's recursive parser or the client ever sees it.
            let message = BodyScan.tooDeepMessage
            let diagnostic = fixtureFile.map { Diagnostic(.error, message, file: $0, position: tooDeep) }
                ?? Diagnostic(.error, message, file: contract.file, position: contractCase.response.position)
            return result(.error, [diagnostic])
        }
        let check = OutcomeCheck(contract: contract, contractCase: contractCase, fixtureFile: fixtureFile)
        let willReplay = replay && contractCase.replay && contract.endpoint != nil
        var diagnostics: [Diagnostic] = []
        var prediction: Outcome?
        if !contractCase.expect.needsReplay {
            let predicted = Predictor.predict(contractCase.response, body: body, model: contract.model)
            prediction = predicted
            diagnostics += check.check(predicted, from: .prediction)
            if case .decoded = predicted {
                diagnostics += ignoredKeyDiagnostics(in: text, scan: scan, fixtureFile: fixtureFile)
            }
        } else if !willReplay {
            return result(.skipped, skipReason: "\"invalidRequest\" depends on the arguments and is checked by replay only")
        }
        if willReplay, let endpoint = contract.endpoint {
            let observation = await Replayer(timeout: timeout).replay(endpoint, contract: contract, response: contractCase.response, body: body)
            let replayCheck = ReplayCheck(
                contract: contract, contractCase: contractCase, timeout: timeout, outcomeCheck: check, prediction: prediction
            )
            diagnostics += replayCheck.check(observation)
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return result(failed ? .failed : .passed, diagnostics)
    }

    /// One warning per key of the body the model never reads, unless the contract lists it;
    /// `DiagnosticRules` makes them errors under `--strict`.
    private func ignoredKeyDiagnostics(in body: Data, scan: BodyScan, fixtureFile: String?) -> [Diagnostic] {
        IgnoredKeys.find(in: body, scan: scan, model: contract.model, cache: keyReads)
            .filter { !contract.ignoredKeys.contains($0.path) }
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

    private var declaredBody: ResponseSpec.Body {
        if case .http(_, _, let body) = contractCase.response.kind { return body }
        return .none
    }

    private func result(_ status: CaseResult.Status, _ diagnostics: [Diagnostic] = [], skipReason: String? = nil) -> CaseResult {
        CaseResult(
            contract: contract.file, endpoint: contract.endpoint?.name, caseName: contractCase.name,
            status: status, diagnostics: diagnostics, skipReason: skipReason
        )
    }
}
