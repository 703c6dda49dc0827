import Foundation

/// An HTTP Archive (HAR 1.2), as Proxyman, Charles, mitmproxy and browsers' developer tools export
/// it: the entries the tool may take, each with where it is in the file. Fields an entry does not
/// need are not read, and producers' own `_`-prefixed fields are ignored.
struct HARArchive: Sendable {
    /// One request and its response.
    struct Entry: Sendable {
        /// Its number, from 1, in the archive's order.
        let number: Int
        let method: String
        let url: String
        let status: Int
        /// The response's headers in the order captured.
        let headers: [(name: String, value: String)]
        /// The response's content as the archive holds it, or why there is none.
        let content: Result<Content, Problem>
        /// The bytes the client gets, or why there are none: `nil` until `decoded(maxBytes:)`
        /// works them out, which only an entry taken needs (an archive of many large or
        /// compressed answers is read without turning every one of them into bytes).
        private(set) var body: Result<Data, Problem>?
        /// Why the client never sees this answer (a redirect it follows, a 304), or `nil`.
        var unseen: String? { ClientView.unseen(status: status, header: header) }
        /// When the request started, as captured.
        let startedDateTime: String
        /// Where the entry starts in the archive.
        let position: SourcePosition
        /// The request's body as captured (`request.postData.text`), or `nil` when it has none.
        var requestBody: String? = nil
        /// The request's headers in the order captured: what a flow's exchange states of them.
        var requestHeaders: [(name: String, value: String)] = []

        /// A response header's value, the name compared without regard to case.
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// The entry with its body worked out: the text turned back into the bytes the server
        /// sent, decoded from base64 where the capture says so, and decompressed where the capture
        /// kept it compressed, as URLSession hands it to the client.
        /// - Parameter maxBytes: The largest body an entry may have (the fixture limit).
        /// - Returns: The entry, its `body` set.
        func decoded(maxBytes: Int) -> Entry {
            var decoded = self
            decoded.body = content.flatMap { content in
                ClientView.capturedBody(
                    text: content.text, encoding: content.encoding, header: header, limit: maxBytes
                ).mapError { Problem(message: $0.reason) }
            }.flatMap { data -> Result<Data, Problem> in
                data.count <= maxBytes
                    ? .success(data)
                    : .failure(
                        Problem(message: "its body is \(data.count) bytes, over the fixture limit of \(maxBytes) bytes")
                    )
            }
            return decoded
        }
    }

    /// A response's `content` as captured.
    struct Content: Sendable {
        /// `content.text`: the body as text, or base64.
        let text: String
        /// `content.encoding`, such as `base64`, when the archive gives one.
        let encoding: String?
    }

    /// Why an entry's body cannot be used.
    struct Problem: Error, Sendable {
        let message: String
    }

    /// The entries in the archive's order.
    let entries: [Entry]

    /// The largest archive read, in bytes: a long browser session exports archives of hundreds
    /// of megabytes.
    static let maxArchiveBytes = 1 << 30

    /// Reads an archive. A body that is not UTF-8 (which mitmproxy writes with Python's
    /// `surrogateescape`, and other tools as raw bytes) is read as the bytes it stands for, so one
    /// such answer does not make the whole archive unreadable.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: How messages name it.
    /// - Returns: The archive, or what is wrong with it at its line and column.
    static func read(_ data: Data, file: String) -> Result<HARArchive, Diagnostic> {
        func invalid(_ message: String, at position: SourcePosition) -> Diagnostic {
            Diagnostic(.error, message, file: file, position: position)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parseKeepingStrayBytes(BodyEncoding.utf8(data))
        } catch {
            return .failure(invalid("not a HAR archive: invalid JSON: \(error.message)", at: error.position))
        }
        guard let log = root.member("log")?.value, case .object = log.value else {
            return .failure(invalid("not a HAR archive: no \"log\" object", at: root.position))
        }
        guard case .string(let version)? = log.member("version")?.value.value else {
            return .failure(invalid("not a HAR archive: \"log\" has no \"version\"", at: log.position))
        }
        guard version == "1.2" || version == "1.1" else {
            return .failure(
                invalid(
                    "HAR version \(JSONValue.quote(version)) is not 1.2",
                    at: log.member("version")?.value.position ?? log.position))
        }
        guard let list = log.member("entries")?.value, case .array(let nodes) = list.value else {
            return .failure(invalid("not a HAR archive: \"log\" has no \"entries\" array", at: log.position))
        }
        var entries: [Entry] = []
        for (index, node) in nodes.enumerated() {
            switch entry(node, number: index + 1) {
            case .success(let entry): entries.append(entry)
            case .failure(let problem):
                return .failure(invalid("entry \(index + 1): \(problem.message)", at: node.position))
            }
        }
        return .success(HARArchive(entries: entries))
    }

    private static func entry(_ node: JSONNode, number: Int) -> Result<Entry, Problem> {
        func string(_ value: JSONNode?) -> String? {
            if case .string(let text)? = value?.value { text } else { nil }
        }
        guard let request = node.member("request")?.value, let response = node.member("response")?.value else {
            return .failure(Problem(message: "no \"request\" or no \"response\""))
        }
        guard let method = string(request.member("method")?.value), let url = string(request.member("url")?.value)
        else {
            return .failure(Problem(message: "the request has no \"method\" or no \"url\""))
        }
        guard case .number(let statusText)? = response.member("status")?.value.value, let status = Int(statusText)
        else {
            return .failure(Problem(message: "the response has no numeric \"status\""))
        }
        func headers(of message: JSONNode) -> [(name: String, value: String)] {
            guard case .array(let list)? = message.member("headers")?.value.value else { return [] }
            return list.compactMap { header in
                guard let name = string(header.member("name")?.value), let value = string(header.member("value")?.value)
                else { return nil }
                return (name, value)
            }
        }
        let captured = response.member("content")?.value
        let content: Result<Content, Problem>
        if let text = string(captured?.member("text")?.value) {
            content = .success(Content(text: text, encoding: string(captured?.member("encoding")?.value)))
        } else if case .number(let size)? = captured?.member("size")?.value.value, size == "0" {
            content = .success(Content(text: "", encoding: nil))
        } else {
            content = .failure(Problem(message: "the response has no \"content.text\" (the capture left the body out)"))
        }
        return .success(
            Entry(
                number: number, method: method, url: url, status: status, headers: headers(of: response),
                content: content,
                startedDateTime: string(node.member("startedDateTime")?.value) ?? "", position: node.position,
                requestBody: string(request.member("postData")?.value.member("text")?.value),
                requestHeaders: headers(of: request)))
    }
}
