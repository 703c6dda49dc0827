import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ReplayCheck {
    /// The headers the contract states, each looked for in what the client sent, names compared
    /// without regard to case; a header stated by presence alone takes any value, and a
    /// credential's value is never shown.
    func checkHeaders(_ expected: [RequestExpectation.Header], sent: URLRequest) -> [Diagnostic] {
        let fields = sent.allHTTPHeaderFields ?? [:]
        return expected.compactMap { header in
            let value = fields.first { $0.key.caseInsensitiveCompare(header.name) == .orderedSame }?.value
            let name = JSONValue.quote(header.name)
            let stated = header.value.map(JSONValue.quote) ?? "the header"
            guard let value else {
                return self.error("request header \(name): expected \(stated), client sent none", at: header.position)
            }
            guard let want = header.value, want != value else { return nil }
            let shown = Redaction.mayKeep(header: header.name) ? JSONValue.quote(value) : "another value"
            return self.error("request header \(name): expected \(stated), client sent \(shown)", at: header.position)
        }
    }

    /// The client's body compared with the contract's as JSON: key order and whitespace free,
    /// numbers by exact decimal value; each difference named by its path, at the stated value.
    static func checkBody(_ stated: StatedRequestBody, sent: Data?) -> [Diagnostic] {
        func problem(_ message: String, at position: SourcePosition, path: String = "") -> Diagnostic {
            Diagnostic(.error, message, file: stated.file, position: position, path: path.isEmpty ? nil : path)
        }
        guard let sent, !sent.isEmpty else {
            return [
                problem(
                    "request body: expected \(shown(stated.root.value)), client sent none", at: stated.root.position)
            ]
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(BodyEncoding.utf8(sent))
        } catch {
            return [
                problem(
                    "request body: expected \(shown(stated.root.value)), client sent a body that is not JSON (\(error.message) at line \(error.position.line), column \(error.position.column))",
                    at: stated.root.position)
            ]
        }
        var differences: [(path: String, message: String, position: SourcePosition)] = []
        compare(stated.root, with: root.value, path: "", into: &differences)
        return differences.map {
            problem("\(StatedRequestBody.named($0.path)): \($0.message)", at: $0.position, path: $0.path)
        }
    }

    /// Every way a sent value differs from a stated one, outermost first.
    private static func compare(
        _ stated: JSONNode, with sent: JSONValue, path: String,
        into differences: inout [(path: String, message: String, position: SourcePosition)]
    ) {
        switch (stated.value, sent) {
        case (.object(let want), .object(let got)):
            for member in want {
                let child = CodingPath.appending(.key(member.key), to: path)
                guard let value = got.first(where: { $0.key == member.key }) else {
                    differences.append(
                        (child, "expected \(shown(member.value.value)), client sent no such key", member.value.position)
                    )
                    continue
                }
                compare(member.value, with: value.value.value, path: child, into: &differences)
            }
            for extra in got where !want.contains(where: { $0.key == extra.key }) {
                differences.append(
                    (
                        CodingPath.appending(.key(extra.key), to: path),
                        "client sent \(shown(extra.value.value)), which the contract does not state", stated.position
                    ))
            }
        case (.array(let want), .array(let got)) where want.count == got.count:
            for (index, element) in want.enumerated() {
                compare(
                    element, with: got[index].value, path: CodingPath.appending(.index(index), to: path),
                    into: &differences)
            }
        default:
            if !stated.value.isEquivalent(to: sent) {
                differences.append(
                    (path, "expected \(shown(stated.value)), client sent \(shown(sent))", stated.position))
            }
        }
    }

    /// A value as a message quotes it: its JSON, cut short when long.
    static func shown(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
