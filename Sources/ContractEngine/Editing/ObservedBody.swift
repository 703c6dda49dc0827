import ContractCatalogue
import Foundation

/// What a body shows under a model and a status: the outcome a correct client reports and, when
/// it decodes, its first records by their identifying fields. `explain` prints it; `add` writes a
/// new case's expectation from it.
struct ObservedBody: Sendable {
    /// One record of the decoded value, by a few identifying fields.
    struct Record: Sendable {
        /// The record's path, such as `[0]`; empty for a single value.
        var path: String
        /// Field paths within the record and their values as JSON.
        var fields: [(path: String, value: String)]
    }

    /// The outcome a correct client reports.
    let outcome: Outcome
    /// The first records, when the body decoded.
    let records: [Record]

    /// How many records are kept.
    static let recordLimit = 3

    /// Observes a body.
    /// - Parameters:
    ///   - received: The bytes.
    ///   - file: How messages name the body.
    ///   - model: The model to decode into.
    ///   - status: The HTTP status the body comes with.
    /// - Returns: The observation, or a diagnostic when the body is refused before decoding.
    static func observe(_ received: Data, file: String, model: ModelDescriptor, status: Int) -> Result<
        ObservedBody, Diagnostic
    > {
        let body = BodyEncoding.utf8(received)
        return observe(received, scan: BodyScan(body), file: file, model: model, status: status)
    }

    /// Observes a body already scanned (`explain` reads the scan again for the unread keys).
    static func observe(_ received: Data, scan: BodyScan, file: String, model: ModelDescriptor, status: Int) -> Result<
        ObservedBody, Diagnostic
    > {
        if let tooDeep = scan.tooDeep {
            return .failure(Diagnostic(.error, BodyScan.tooDeepMessage, file: file, position: tooDeep))
        }
        let response = ResponseSpec(
            kind: .http(status: status, headers: [:], body: .none), delayMs: 0, position: .start)
        let outcome = Predictor.predict(response, body: received, model: model)
        var records: [Record] = []
        if case .decoded(let value) = outcome { records = Self.records(of: value, model: model) }
        return .success(ObservedBody(outcome: outcome, records: records))
    }

    /// The expectation that records the outcome as observed: the count and the first record's
    /// identifying value for a decoded body, the error with its status or path otherwise.
    var expectation: CaseTemplate.Expect {
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

    /// The first records of a decoded value, by the model's identifying fields (or, for a model
    /// without any, its first few text and number fields).
    private static func records(of value: DecodedValue, model: ModelDescriptor) -> [Record] {
        guard let data = try? value.encoded(), let root = try? JSONParser.parse(data) else { return [] }
        let elements: [(String, JSONNode)]
        if case .array(let items) = root.value {
            elements = items.prefix(recordLimit).enumerated().map { ("[\($0.offset)]", $0.element) }
        } else {
            elements = [("", root)]
        }
        return elements.map { path, node in
            var fields: [(path: String, value: String)] = []
            for field in model.identifyingPaths {
                if let path = JSONPath(parsing: field), let found = path.lookUp(in: node) {
                    fields.append((field, OutcomeCheck.preview(found.value)))
                }
            }
            if fields.isEmpty, case .object(let members) = node.value {
                for member in members where member.value.value.isScalar && fields.count < 3 {
                    fields.append((member.key, OutcomeCheck.preview(member.value.value)))
                }
            }
            return Record(path: path, fields: fields)
        }
    }
}

extension JSONValue {
    /// Whether the value is a string, number or boolean.
    var isScalar: Bool {
        switch self {
        case .string, .number, .bool: true
        default: false
        }
    }
}
