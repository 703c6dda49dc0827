import ContractCatalogue
import Foundation

/// What `record` prints of a case: what changed since the recording, under the case's line.
extension CaseRecorder {
    static func same(_ headers: [(name: String, value: String)], _ old: [String: String]) -> Bool {
        headers.count == old.count && headers.allSatisfy { old[$0.name] == $0.value }
    }

    /// What changed between the recording and the server's answer today: the status, the
    /// headers the case keeps, the keys (as collapsed paths, in the drift check's words) and the
    /// decode outcome.
    func changes(in exchange: Exchange, outcomes: (old: String?, new: String)) -> [String] {
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
    func line(_ label: String, _ contract: Contract, _ spec: CaseSpec, _ url: String?, _ details: [String] = [])
        -> String
    {
        let padded = label.padding(toLength: 10, withPad: " ", startingAt: 0)
        var text = "\(padded)\(VisibleText.escaped(contract.file))  \(VisibleText.escaped(spec.name))"
        if let url { text += "  \(VisibleText.escaped(url))" }
        return text + "\n" + details.map { "  \(VisibleText.escaped($0))\n" }.joined()
    }
}
