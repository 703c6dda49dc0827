import Foundation

extension ContractLoader {
    /// The statuses URLSession follows when they carry a `Location`: the client never sees them.
    static let followedRedirects: Set<Int> = [301, 302, 303, 307, 308]

    /// Header names are compared without regard to case, as HTTP does: one named twice is an
    /// error at the second; and a redirect the client follows (a 3xx with `Location`) is an answer
    /// no client ever sees.
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
            if name == "location", Self.followedRedirects.contains(status) {
                reader.error(
                    "a \(status) with \"Location\" never reaches the client: URLSession follows the redirect; describe the answer it leads to instead",
                    at: entry.keyPosition)
            }
        }
    }
}
