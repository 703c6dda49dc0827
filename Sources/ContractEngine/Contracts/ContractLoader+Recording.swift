import Foundation

extension ContractLoader {
    /// Reads `recorded`: where the tool took the case's fixture from, and when.
    func readRecording(
        _ member: JSONMember, response: ResponseSpec?, replayable: Bool, reader: inout ContractReader
    ) -> Recording? {
        guard let members = reader.members(of: member.value, in: "\"recorded\"", allowed: ["url", "at", "from"]) else {
            return nil
        }
        guard let url = reader.string(members["url"]), let at = reader.string(members["at"]) else {
            for key in ["url", "at"] where members[key] == nil {
                reader.error("missing required key \"\(key)\" in \"recorded\"", at: member.value.position)
            }
            return nil
        }
        if !replayable {
            reader.error(
                "\"recorded\" needs an \"endpoint\": the request sent to the server is the client's",
                at: member.keyPosition)
        }
        if let response, response.fixturePath == nil {
            reader.error(
                "\"recorded\" is for a case whose response is a \"fixture\", which recording writes",
                at: member.keyPosition)
        }
        if !Recording.isRFC3339(at.value) {
            reader.error(
                "\"at\" must be an RFC 3339 time such as \"2026-11-22T08:00:00Z\", not \(JSONValue.quote(at.value))",
                at: at.position)
        }
        let from = reader.string(members["from"])
        return Recording(url: url.value, at: at.value, from: from?.value, position: member.value.position)
    }
}
