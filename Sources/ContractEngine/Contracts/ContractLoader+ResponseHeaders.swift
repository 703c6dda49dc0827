import Foundation

extension ContractLoader {
    /// The statuses URLSession follows when they carry a `Location`: the client never sees them.
    static let followedRedirects: Set<Int> = [301, 302, 303, 307, 308]

    /// Header names are compared without regard to case, as HTTP does: one named twice is an
    /// error at the second; a redirect the client follows (a 3xx with `Location`) is an answer
    /// no client ever sees; a name that is not an HTTP token or a value with a line break or
    /// another control character would split the answer `serve` sends; and the message's framing
    /// is the server's, never the contract's.
    func checkHeaderNames(_ member: JSONMember?, status: Int, reader: inout ContractReader) {
        guard let member, case .object(let entries) = member.value.value else { return }
        var seen: [String: JSONMember] = [:]
        for entry in entries {
            let name = entry.key.lowercased()
            if let first = seen[name], first.key != entry.key {
                reader.error(
                    "header \(JSONValue.quote(entry.key)) is named twice, first as \(JSONValue.quote(first.key)) at line \(first.keyPosition.line): header names do not differ by case",
                    at: entry.keyPosition)
            }
            seen[name] = seen[name] ?? entry
            checkHeaderText(entry, reader: &reader)
            if name == "location", Self.followedRedirects.contains(status) {
                reader.error(
                    "a \(status) with \"Location\" never reaches the client: URLSession follows the redirect; describe the answer it leads to instead",
                    at: entry.keyPosition)
            }
        }
    }

    /// A header's name must be an HTTP token and its value free of control characters (a tab
    /// aside), or the answer sent with it splits; a framing header is refused with the reason.
    private func checkHeaderText(_ entry: JSONMember, reader: inout ContractReader) {
        let name = entry.key
        if name.isEmpty || !name.unicodeScalars.allSatisfy(Self.isTokenCharacter) {
            reader.error(
                "header name \(JSONValue.quote(name)) is not an HTTP token: letters, digits and !#$%&'*+-.^_`|~ only",
                at: entry.keyPosition)
        } else if Redaction.framingHeaders.contains(name.lowercased()) {
            reader.error(
                "header \(JSONValue.quote(name)) frames the message, which is the server's to do: serve and replay send the stored bytes with their own length and no transfer or content coding; leave it out",
                at: entry.keyPosition)
        }
        if case .string(let value) = entry.value.value,
            value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F })
        {
            reader.error(
                "header \(JSONValue.quote(name))'s value holds a line break or another control character, which would split the answer",
                at: entry.value.position)
        }
    }

    /// Whether a character may appear in a header's name (RFC 9110 `tchar`).
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."z", "A"..."Z": true
        default: "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }
}
