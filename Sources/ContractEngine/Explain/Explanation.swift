import DogPatchClients
import Foundation

/// What a developer needs to write a case for a body: the outcome a correct client reports, the
/// element count, who the first records are, and the keys the model never reads.
package struct Explanation {
    /// One record of the decoded value, by a few identifying fields.
    package struct Record {
        /// The record's path, such as `[0]`; empty for a single value.
        var path: String
        /// Field paths within the record and their values as JSON.
        var fields: [(path: String, value: String)]
    }

    /// The body's file, as messages name it.
    let file: String
    /// The body's size.
    let byteCount: Int
    /// The model it was decoded into.
    let model: ModelDescriptor
    /// The HTTP status it was explained under.
    let status: Int
    /// The outcome a correct client reports.
    package let outcome: Outcome
    /// The first records, when the body decoded.
    package let records: [Record]
    /// The keys the model never reads, when the body decoded.
    let unreadKeys: [UnreadKey]

    /// How many records `explain` shows.
    static let recordLimit = 3

    /// Explains a body.
    /// - Parameters:
    ///   - body: The bytes.
    ///   - file: How messages name the file.
    ///   - model: The model to decode into.
    ///   - status: The HTTP status the body comes with.
    /// - Returns: The explanation, or a diagnostic when the body is refused before decoding.
    package static func explain(_ received: Data, file: String, model: ModelDescriptor, status: Int) -> Result<
        Explanation, Diagnostic
    > {
        let body = BodyEncoding.utf8(received)
        let scan = BodyScan(body)
        if let tooDeep = scan.tooDeep {
            return .failure(Diagnostic(.error, BodyScan.tooDeepMessage, file: file, position: tooDeep))
        }
        let response = ResponseSpec(
            kind: .http(status: status, headers: [:], body: .none), delayMs: 0, position: .start)
        let outcome = Predictor.predict(response, body: received, model: model)
        var records: [Record] = []
        var unreadKeys: [UnreadKey] = []
        if case .decoded(let value) = outcome {
            records = Self.records(of: value, model: model)
            unreadKeys = UnreadKeys.find(in: body, scan: scan, model: model)
        }
        return .success(
            Explanation(
                file: file, byteCount: received.count, model: model, status: status, outcome: outcome,
                records: records, unreadKeys: unreadKeys
            ))
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
