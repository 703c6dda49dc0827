import ContractCatalogue
import Foundation

extension Explanation {
    /// The explanation for people: outcome, count, first records, ignored keys and a case to start
    /// from (its fixture path the body's own when it lies in the fixtures folder).
    /// - Parameter tool: The tool's name, as the hint to copy the body with `add` gives it.
    /// - Returns: The text.
    package func text(tool: String) -> String {
        var out = "\(file): \(byteCount) \(byteCount == 1 ? "byte" : "bytes") as \(model.name)"
        out += status == 200 ? "\n" : " with HTTP \(status)\n"
        switch outcome {
        case .decoded(let value):
            out += "outcome: decodes" + (value.count.map { ", \($0) \($0 == 1 ? "element" : "elements")" } ?? "") + "\n"
        case .failed(let name, _, let problem?) where name.isDecodingFailure:
            out += "outcome: \(name.name)" + (problem.path.isEmpty ? "" : " at \(problem.path)") + "\n"
            out +=
                Diagnostic(
                    .error, problem.summary, file: file, position: problem.position ?? .start, path: problem.path
                ).rendered + "\n"
        case .failed:
            out += "outcome: \(outcome.summary(model: model))\n"
        }
        if !records.isEmpty {
            out +=
                records.count == 1 && records[0].path.isEmpty
                ? "record:\n" : "first \(records.count == 1 ? "element" : "elements"):\n"
            for record in records {
                let fields = record.fields.map { "\($0.path) \($0.value)" }.joined(separator: ", ")
                out += "  " + (record.path.isEmpty ? fields : "\(record.path)  \(fields)") + "\n"
            }
        }
        if case .decoded = outcome {
            if unreadKeys.isEmpty {
                out += "ignored keys: none; the \(model.name) model reads every key\n"
            } else {
                out += "ignored keys (the \(model.name) model never reads them; verify warns about each):\n"
                for key in unreadKeys {
                    let times = "\(key.occurrences) \(key.occurrences == 1 ? "occurrence" : "occurrences")"
                    out += "  \(file):\(key.position.line):\(key.position.column): \(key.path) (\(times))\n"
                }
            }
        }
        let template = CaseTemplate(
            name: "NAME", status: status,
            fixture: fixturePath ?? suggested?.path ?? URL(fileURLWithPath: file).lastPathComponent,
            expect: ObservedBody(outcome: outcome, records: records).expectation
        )
        if fixturePath != nil {
            out += "\na case for it:\n"
        } else if let suggested {
            out += "\na case for it, once '\(tool) add' has copied the body to \(suggested.display):\n"
        } else {
            out += "\na case for it (once '\(tool) add' has copied it under the fixtures folder):\n"
        }
        out += "    " + template.rendered(indent: "    ") + "\n"
        let exported = if case .decoded = outcome { true } else { !(200...299).contains(status) }
        if exported {
            out += "(add \"given\": \"STATE\" to name the server's state for this answer in an exported pact)\n"
        }
        return out
    }
}
