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
    ///   - rules: The endpoint's outcome rules.
    ///   - errors: The endpoint's error vocabulary.
    /// - Returns: The observation, or a diagnostic when the body is refused before decoding.
    static func observe(
        _ received: Data, file: String, model: ModelDescriptor, status: Int, rules: OutcomeRules = .standard,
        errors: ErrorVocabulary = .apiError
    ) -> Result<ObservedBody, Diagnostic> {
        let body = BodyEncoding.utf8(received)
        return observe(
            received, scan: BodyScan(body), file: file, model: model, status: status, rules: rules, errors: errors)
    }

    /// Observes a body already scanned (`explain` reads the scan again for the unread keys).
    static func observe(
        _ received: Data, scan: BodyScan, file: String, model: ModelDescriptor, status: Int,
        rules: OutcomeRules = .standard, errors: ErrorVocabulary = .apiError
    ) -> Result<ObservedBody, Diagnostic> {
        if let tooDeep = scan.tooDeep {
            return .failure(Diagnostic(.error, BodyScan.tooDeepMessage, file: file, position: tooDeep))
        }
        let response = ResponseSpec(
            kind: .http(status: status, headers: [:], body: .none), delayMs: 0, position: .start)
        let outcome = Predictor.predict(response, body: received, model: model, rules: rules, errors: errors)
        var records: [Record] = []
        if case .decoded(let value) = outcome { records = Self.records(of: value, body: received, model: model) }
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
        case .failed(let name, let status, let problem):
            let path = name.isDecodingFailure ? problem.flatMap { $0.path.isEmpty ? nil : $0.path } : nil
            return .error(name.name, status: status, path: path)
        }
    }

    /// The first records of a decoded value, by the model's identifying fields (or, for a model
    /// without any, its first few text and number fields in the body's order), their values as
    /// the body has them. The re-encoded value says which fields the model holds; the body says
    /// their order and their text, since `JSONEncoder`'s key order differs from one process to the
    /// next and it writes a UUID in upper case whatever the server sent.
    private static func records(of value: DecodedValue, body: Data, model: ModelDescriptor) -> [Record] {
        guard let data = try? value.encoded(), let decoded = try? JSONParser.parse(data) else { return [] }
        let received = try? JSONParser.parse(BodyEncoding.utf8(body))
        // Fields are named as the body writes them, which the model's encoder may not.
        let spellings = KeySpellings(model: model, body: received)
        let elements: [(path: String, decoded: JSONNode, received: JSONNode?)]
        if case .array(let items) = decoded.value {
            var sent: [JSONNode] = []
            if case .array(let receivedItems)? = received?.value { sent = receivedItems }
            elements = items.prefix(recordLimit).enumerated().map { index, item in
                ("[\(index)]", item, sent.indices.contains(index) ? sent[index] : nil)
            }
        } else {
            elements = [("", decoded, received)]
        }
        return elements.map { path, node, sent in
            let prefix = path.isEmpty ? "" : CollapsedPath.appending(.anyElement, to: "")
            var fields: [(path: String, value: String)] = []
            for field in model.identifyingPaths {
                guard let path = JSONPath(parsing: field) else { continue }
                let found = spellings.find(path, in: node, at: prefix)
                if let held = found.node {
                    let wire = found.wirePath
                    fields.append(
                        (wire.description, OutcomeCheck.preview(asReceived(sent.flatMap(wire.lookUp), held.value))))
                }
            }
            if fields.isEmpty { fields = firstScalars(of: node, received: sent, spellings: spellings, at: prefix) }
            // A value under a secret name (a token the server hands out) is never written into a
            // contract: it is no record's identity (DESIGN 18).
            fields.removeAll { field in
                let key = field.path.split(whereSeparator: { ".[]".contains($0) }).last
                return Redaction.looksSecret(key.map(String.init) ?? "")
            }
            return Record(path: path, fields: fields)
        }
    }

    /// A record's first few text and number fields that the model holds, in the body's order;
    /// when the body names none of them (the encoder writes other keys than the server sends),
    /// in the order of their keys, which is the same in every run.
    private static func firstScalars(
        of node: JSONNode, received: JSONNode?, spellings: KeySpellings, at prefix: String
    ) -> [(path: String, value: String)] {
        guard case .object(let members) = node.value else { return [] }
        let limit = 3
        var fields: [(path: String, value: String)] = []
        if case .object(let sent)? = received?.value {
            for member in sent where fields.count < limit && member.value.value.isScalar {
                let found = spellings.find(JSONPath([.key(member.key)]), in: node, at: prefix)
                guard let held = found.node?.value, held.isScalar,
                    !fields.contains(where: { $0.path == member.key })
                else { continue }
                fields.append((member.key, OutcomeCheck.preview(asReceived(member.value, held))))
            }
        }
        if fields.isEmpty {
            for member in JSONValue.sorted(members) where fields.count < limit && member.value.value.isScalar {
                fields.append((member.key, OutcomeCheck.preview(member.value.value)))
            }
        }
        return fields
    }

    /// The value as the body has it, where it is the value the model holds (a UUID in either
    /// case, a number however it is written); the model's otherwise, which a check of the
    /// decoded value finds.
    private static func asReceived(_ sent: JSONNode?, _ held: JSONValue) -> JSONValue {
        guard let sent = sent?.value, sent.isScalar else { return held }
        if sent.isEquivalent(to: held) { return sent }
        if case .string(let text) = sent, case .string(let heldText) = held, let uuid = UUID(uuidString: text),
            uuid == UUID(uuidString: heldText)
        {
            return sent
        }
        return held
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
