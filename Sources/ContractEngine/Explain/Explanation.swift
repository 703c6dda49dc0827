import ContractCatalogue
import Foundation

/// What a developer needs to write a case for a body: the outcome a correct client reports, the
/// element count, who the first records are, and the keys the model never reads.
package struct Explanation {
    /// The body's file, as messages name it.
    let file: String
    /// The body's size.
    let byteCount: Int
    /// The model it was decoded into.
    let model: ModelDescriptor
    /// The HTTP status it was explained under.
    let status: Int
    /// The outcome a correct client reports.
    let outcome: Outcome
    /// The first records, when the body decoded.
    let records: [ObservedBody.Record]
    /// The keys the model never reads, when the body decoded.
    let unreadKeys: [UnreadKey]
    /// The body's path relative to the fixtures folder, or `nil` when it lies outside it.
    var fixturePath: String?
    /// For a body outside the fixtures folder, where it would go inside it: the path a case names
    /// (`countries/peru.json`, in its API's folder) and how messages name it (`Fixtures/...`).
    var suggested: (path: String, display: String)?

    /// Explains a body.
    /// - Parameters:
    ///   - body: The bytes.
    ///   - file: How messages name the file.
    ///   - model: The model to decode into.
    ///   - status: The HTTP status the body comes with.
    ///   - endpoint: The endpoint whose outcome rules and errors the outcome is named by, if any.
    /// - Returns: The explanation, or a diagnostic when the body is refused before decoding.
    static func explain(_ received: Data, file: String, model: ModelDescriptor, status: Int, endpoint: Endpoint? = nil)
        -> Result<Explanation, Diagnostic>
    {
        let body = BodyEncoding.utf8(received)
        let scan = BodyScan(body)
        return ObservedBody.observe(
            received, scan: scan, file: file, model: model, status: status, rules: endpoint?.rules ?? .standard,
            errors: endpoint?.errors ?? .apiError
        ).map { observation in
            var unreadKeys: [UnreadKey] = []
            if case .decoded = observation.outcome { unreadKeys = UnreadKeys.find(in: body, scan: scan, model: model) }
            return Explanation(
                file: file, byteCount: received.count, model: model, status: status, outcome: observation.outcome,
                records: observation.records, unreadKeys: unreadKeys)
        }
    }
}
