import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ReplayCheck {
    /// The headers the contract states, each looked for in what the client sent, names compared
    /// without regard to case; a header stated by presence alone takes any value, and a
    /// credential's value, or that of a header whose name marks a secret, is never shown.
    func checkHeaders(_ expected: [RequestExpectation.Header], sent: URLRequest) -> [Diagnostic] {
        let fields = sent.allHTTPHeaderFields ?? [:]
        return expected.compactMap { header in
            let value = fields.first { $0.key.caseInsensitiveCompare(header.name) == .orderedSame }?.value
            let name = JSONValue.quote(header.name)
            let secret = !Redaction.mayKeep(header: header.name) || Redaction.looksSecret(header.name)
            let stated = header.value.map { secret ? "the contract's value" : JSONValue.quote($0) } ?? "the header"
            guard let value else {
                return self.error("request header \(name): expected \(stated), client sent none", at: header.position)
            }
            guard let want = header.value, want != value else { return nil }
            let shown = secret ? "another value" : JSONValue.quote(value)
            return self.error("request header \(name): expected \(stated), client sent \(shown)", at: header.position)
        }
    }

    /// The client's body compared with the contract's as JSON: key order and whitespace free,
    /// numbers by exact decimal value, a key named twice read last; each difference named by its
    /// path, at the stated value. A member whose name looks secret and that the contract states
    /// `true` takes any value, and no value under such a name is shown.
    static func checkBody(_ stated: StatedRequestBody, sent: Data?) -> [Diagnostic] {
        func problem(_ message: String, at position: SourcePosition, path: String = "") -> Diagnostic {
            Diagnostic(.error, message, file: stated.file, position: position, path: path.isEmpty ? nil : path)
        }
        guard let sent, !sent.isEmpty else {
            return [
                problem(
                    "request body: expected \(JSONDifference.shown(Redaction.redacted(stated.root.value))), client sent none",
                    at: stated.root.position)
            ]
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(BodyEncoding.utf8(sent))
        } catch {
            return [
                problem(
                    "request body: expected \(JSONDifference.shown(Redaction.redacted(stated.root.value))), client sent a body that is not JSON (\(error.message) at line \(error.position.line), column \(error.position.column))",
                    at: stated.root.position)
            ]
        }
        return JSONDifference.all(
            stated: stated.root.value, at: stated.root.position, found: root.value, secret: Redaction.looksSecret
        ).map { difference in
            let message =
                switch (difference.shownExpected, difference.shownFound) {
                case (let expected?, nil):
                    "expected \(expected), client sent no such \(difference.path.hasSuffix("]") ? "element" : "key")"
                case (nil, let found?): "client sent \(found), which the contract does not state"
                case (let expected?, let found?): "expected \(expected), client sent \(found)"
                case (nil, nil): "differs"
                }
            return problem(
                "\(StatedRequestBody.named(difference.path)): \(message)", at: difference.position,
                path: difference.path)
        }
    }

}
