import Foundation
import DogPatchClients

/// Re-records one recorded case: asks the server again, says what changed, and writes the new
/// fixture and stamp only when the answer still satisfies the case (or `--force` says to).
struct CaseRecorder: Sendable {
    /// What came of one case.
    enum Verdict: String, Sendable {
        case recorded, forced, failed, error

        var exitCode: ExitCode {
            switch self {
            case .recorded, .forced: .success
            case .failed: .failure
            case .error: .invalid
            }
        }
    }

    /// What `record` prints for a case, and what it reports on standard error.
    struct Report: Sendable {
        var verdict: Verdict
        var text: String
        var problems: [ToolProblem] = []
    }

    let options: VerifyOptions
    let fixtures: FixtureLocator
    let force: Bool
    let keyReads: KeyReadCache

    /// Re-records a case.
    /// - Parameters:
    ///   - spec: A recorded case of an endpoint contract.
    ///   - contract: Its contract.
    ///   - location: Where the run stands, for the contract's file.
    /// - Returns: The verdict and the lines to print.
    func record(_ spec: CaseSpec, of contract: Contract, location: SuiteLocation) async -> Report {
        guard let recording = spec.recorded, let endpoint = contract.endpoint, let contractURL = contract.url,
              case .http(let oldStatus, _, .fixture(let path, let fixtureFile, _)) = spec.response.kind else {
            return Report(verdict: .error, text: line("ERROR", contract, spec, nil), problems: [.error("\(contract.file): \(spec.name) is not a recorded fixture case")])
        }
        let live: LiveResponse
        switch await LiveFetcher.fetch(endpoint, arguments: contract.arguments, baseURL: options.baseURLs.url(for: endpoint), timeout: options.liveTimeout) {
        case .success(let response): live = response
        case .failure(let failure):
            let diagnostic = Diagnostic(.error, failure.message, file: contract.file, position: recording.position)
            return Report(verdict: .error, text: line("ERROR", contract, spec, failure.url), problems: [.diagnostics([diagnostic])])
        }
        let display = fixtures.displayName(path)
        let old = try? FixtureStore.load(path: fixtureFile, display: display).get()
        var details = changes(from: old, status: oldStatus, to: live, spec: spec, model: contract.model)
        let check = await CaseRunner(
            contract: contract, contractCase: spec.answered(by: live), fixtures: fixtures,
            replay: options.replay, timeout: options.timeout, keyReads: keyReads
        ).run()
        let failures = check.diagnostics.filter { $0.severity == .error }
        guard failures.isEmpty || force else {
            details.append("not written: the new answer does not satisfy the case's \"expect\" (--force writes it)")
            return Report(verdict: .failed, text: line("FAILED", contract, spec, live.displayURL, details), problems: [.diagnostics(failures)])
        }
        var changes = FileChanges()
        changes.write(live.body, to: URL(fileURLWithPath: fixtureFile, isDirectory: false), display: display)
        guard let current = try? Data(contentsOf: contractURL),
              let updated = ContractEditor.updatingRecording(of: spec.name, in: current, url: live.displayURL, at: Recording.stamp(Date()), status: live.status)
        else {
            return Report(verdict: .error, text: line("ERROR", contract, spec, live.displayURL, details),
                          problems: [.error("cannot find the case \(JSONValue.quote(spec.name)) and its \"recorded\" in \(contract.file); nothing was written")])
        }
        changes.write(updated, to: contractURL, display: contract.file)
        do throws(FileWriteError) {
            try changes.apply()
        } catch {
            return Report(verdict: .error, text: line("ERROR", contract, spec, live.displayURL, details),
                          problems: [.error("cannot write \(JSONValue.quote(error.path)): \(error.reason)")])
        }
        details += failures.map { "expectation that now fails: \($0.rendered)" }
        let verdict: Verdict = failures.isEmpty ? .recorded : .forced
        return Report(verdict: verdict, text: line(verdict == .recorded ? "RECORDED" : "FORCED", contract, spec, live.displayURL, details))
    }

    /// What changed between the recording and the server's answer today: the status, the keys
    /// (as collapsed paths, in the drift check's words) and the decode outcome.
    private func changes(from old: Data?, status oldStatus: Int, to live: LiveResponse, spec: CaseSpec, model: ModelDescriptor) -> [String] {
        var lines = [live.status == oldStatus ? "status: \(live.status), unchanged" : "status: \(live.status), was \(oldStatus)"]
        for redirect in live.redirects { lines.append("followed a redirect to \(Redaction.url(redirect))") }
        if let old {
            if old == live.body {
                lines.append("body: unchanged")
            } else {
                lines.append("body: \(live.body.count) bytes, was \(old.count)")
                lines += DriftCheck.drift(fixture: old, server: live.body, model: model, keyReads: keyReads).map(\.message)
            }
        } else {
            lines.append("body: \(live.body.count) bytes; the fixture was missing")
        }
        let newOutcome = Predictor.predict(spec.answered(by: live).response, body: live.body, model: model).summary(model: model)
        let oldOutcome = old.map { Predictor.predict(spec.response, body: $0, model: model).summary(model: model) }
        lines.append(oldOutcome == newOutcome ? "outcome: \(newOutcome), unchanged" : "outcome: \(newOutcome), was \(oldOutcome ?? "nothing")")
        return lines
    }

    /// `RECORDED  contracts/x.json  case  URL`, then the details indented.
    private func line(_ label: String, _ contract: Contract, _ spec: CaseSpec, _ url: String?, _ details: [String] = []) -> String {
        let padded = label.padding(toLength: 9, withPad: " ", startingAt: 0)
        var text = "\(padded)\(VisibleText.escaped(contract.file))  \(VisibleText.escaped(spec.name))"
        if let url { text += "  \(VisibleText.escaped(url))" }
        return text + "\n" + details.map { "  \(VisibleText.escaped($0))\n" }.joined()
    }
}
