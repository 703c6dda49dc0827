import Foundation

extension ContractEditor {
    /// A contract's text with one case's `recorded` stamp replaced and its response status set,
    /// every other byte left as it was.
    /// - Parameters:
    ///   - caseName: The case.
    ///   - data: The contract's bytes.
    ///   - url: The URL the new recording came from.
    ///   - at: When, as `Recording.stamp` writes it.
    ///   - status: The status the server answered with.
    ///   - headers: The response headers the case keeps, as the server sent them now; they replace
    ///     the case's `headers` whole, so no header of the old answer stays beside the new body.
    /// - Returns: The new bytes, or `nil` when the case or its `recorded` object cannot be found.
    static func updatingRecording(
        of caseName: String, in data: Data, url: String, at: String, status: Int,
        headers: [(name: String, value: String)]
    ) -> Data? {
        guard let root = try? JSONParser.parse(data), let cases = root.member("cases"),
            case .array(let elements) = cases.value.value,
            let entry = elements.first(where: { element in
                if case .string(let name)? = element.member("name")?.value.value { name == caseName } else { false }
            }),
            let recorded = entry.member("recorded"), let response = entry.member("response")
        else { return nil }
        var bytes = [UInt8](data)
        guard let open = SourcePosition.offset(of: recorded.value.position, in: bytes),
            let close = matchingClose(of: open, in: bytes)
        else { return nil }
        var edits: [(range: Range<Int>, text: String)] = [
            (
                open..<(close + 1),
                "{ " + JSONValue.quote("url") + ": " + JSONValue.quote(url) + ", " + JSONValue.quote("at") + ": "
                    + JSONValue.quote(at) + " }"
            )
        ]
        if let current = response.value.member("status") {
            guard let start = SourcePosition.offset(of: current.value.position, in: bytes) else { return nil }
            var end = start
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            edits.append((start..<end, "\(status)"))
        } else if status != 200 {
            guard let brace = SourcePosition.offset(of: response.value.position, in: bytes) else { return nil }
            edits.append(((brace + 1)..<(brace + 1), " " + JSONValue.quote("status") + ": \(status),"))
        }
        let headersText =
            "{ " + headers.map { JSONValue.quote($0.name) + ": " + JSONValue.quote($0.value) }.joined(separator: ", ")
            + (headers.isEmpty ? "}" : " }")
        if let current = response.value.member("headers") {
            guard let open = SourcePosition.offset(of: current.value.position, in: bytes),
                let close = matchingClose(of: open, in: bytes)
            else { return nil }
            edits.append((open..<(close + 1), headersText))
        } else if !headers.isEmpty {
            guard let brace = SourcePosition.offset(of: response.value.position, in: bytes) else { return nil }
            edits.append(((brace + 1)..<(brace + 1), " " + JSONValue.quote("headers") + ": " + headersText + ","))
        }
        // From the end of the file backwards, so each edit leaves the others' offsets as they were.
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return Data(bytes)
    }
}
