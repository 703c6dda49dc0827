import Foundation

extension CaseTemplate {
    /// The expectation that records an outcome as observed: the count and the first record's
    /// identifying values for a decoded body, the error with its status or path otherwise.
    package static func expect(observing outcome: Outcome, records: [Explanation.Record]) -> Expect {
        switch outcome {
        case .decoded(let value):
            let values =
                records.first.map { record in
                    record.fields.prefix(1).map {
                        (path: JSONPath(parsing: record.path + "." + $0.path)?.description ?? $0.path, json: $0.value)
                    }
                } ?? []
            return .decodes(count: value.count, values: values)
        case .failed(let kind, let status, let problem):
            return .error(kind, status: status, path: problem.flatMap { $0.path.isEmpty ? nil : $0.path })
        }
    }
}
