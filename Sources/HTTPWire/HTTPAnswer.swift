import Foundation

/// What the server does with a request: send a response, or break the connection the way a
/// network fails.
package struct HTTPAnswer: Sendable {
    /// What reaches the client.
    package enum Kind: Sendable {
        /// These bytes: a whole response, status line to body.
        case response(status: Int, bytes: [UInt8], bodyCount: Int)
        /// A fault on the wire instead of a response.
        case fault(WireFault)
        /// These bytes, then a fault once they are written: a body that ends with the connection
        /// (`closed`), or a response cut short and held open (`silence`).
        case partial(bytes: [UInt8], then: WireFault)
        /// An answer made off the server's thread, for work that may take long (a journal of
        /// thousands of entries): the connection waits for it, every other one is served meanwhile.
        case later(@Sendable () -> HTTPAnswer)
    }

    /// What reaches the client.
    package var kind: Kind
    /// How long to wait before answering.
    package var delayMs: Int
    /// What the log says answered, such as the case's name.
    package var note: String

    /// An answer.
    /// - Parameters:
    ///   - kind: What reaches the client.
    ///   - delayMs: How long to wait before answering.
    ///   - note: What the log says answered.
    package init(kind: Kind, delayMs: Int = 0, note: String) {
        self.kind = kind
        self.delayMs = delayMs
        self.note = note
    }

    /// A response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields, in order, as they are to be sent.
    ///   - body: The body.
    ///   - delayMs: How long to wait before answering.
    ///   - note: What the log says answered.
    package static func response(
        status: Int, headers: [(String, String)], body: Data, delayMs: Int = 0, note: String
    ) -> HTTPAnswer {
        HTTPAnswer(
            kind: .response(
                status: status, bytes: bytes(status: status, headers: headers, body: body),
                bodyCount: sentBodyCount(status: status, body: body)),
            delayMs: delayMs, note: note)
    }

    /// A JSON response of the server's own (the control path, an unmatched request).
    package static func json(status: Int, _ text: String, note: String) -> HTTPAnswer {
        response(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
            body: Data((text + "\n").utf8),
            note: note)
    }

    /// A string as a JSON string literal, for the server's own messages.
    /// - Parameter text: The string.
    /// - Returns: The literal, quotes included.
    package static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The bytes of a response: the status line, the header fields as given, and a `Content-Length`
    /// when they have none and the status carries a body.
    package static func bytes(status: Int, headers: [(String, String)], body: Data) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let hasLength = headers.contains { $0.0.lowercased() == "content-length" }
        let bodyless = (100...199).contains(status) || status == 204 || status == 304
        if !hasLength && !bodyless { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !bodyless { bytes.append(contentsOf: body) }
        return bytes
    }

    /// How many bytes of a body a response with this status carries: none for 1xx, 204 and 304.
    package static func sentBodyCount(status: Int, body: Data) -> Int {
        (100...199).contains(status) || status == 204 || status == 304 ? 0 : body.count
    }

    /// The reason phrase for a status (RFC 9110's), or an empty one for a status without one.
    package static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 425: "Too Early"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        case 511: "Network Authentication Required"
        default: ""
        }
    }
}

extension HTTPAnswer {
    /// The same response with more header fields, after its own; a fault stays a fault.
    /// - Parameter fields: The fields to add.
    /// - Returns: The answer.
    package func adding(_ fields: [(String, String)]) -> HTTPAnswer {
        guard case .response(let status, let bytes, let bodyCount) = kind,
            let end = Self.headEnd(bytes)
        else { return self }
        let added = fields.map { "\($0.0): \($0.1)\r\n" }.joined()
        var copy = self
        copy.kind = .response(
            status: status, bytes: Array(bytes[..<end]) + Array(added.utf8) + Array(bytes[end...]),
            bodyCount: bodyCount)
        return copy
    }

    /// The same response with these header fields in place of any of the same names it has (names
    /// ignore case); a fault stays a fault.
    /// - Parameter fields: The fields to set.
    /// - Returns: The answer.
    package func setting(_ fields: [(String, String)]) -> HTTPAnswer {
        guard case .response(let status, let bytes, let bodyCount) = kind, let end = Self.headEnd(bytes) else {
            return self
        }
        let replaced = Set(fields.map { $0.0.lowercased() })
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        let kept = lines.enumerated().filter { index, line in
            index == 0 || !replaced.contains(String(line.prefix { $0 != ":" }).lowercased())
        }.map { $0.element + "\r\n" }.joined()
        var copy = self
        copy.kind = .response(status: status, bytes: Array(kept.utf8) + Array(bytes[end...]), bodyCount: bodyCount)
        return copy.adding(fields)
    }

    /// The names of the response's header fields, in order; none for a fault.
    package var headerNames: [String] {
        guard case .response(_, let bytes, _) = kind, let end = Self.headEnd(bytes) else { return [] }
        return String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n").dropFirst()
            .filter { !$0.isEmpty }.map { String($0.prefix { $0 != ":" }) }
    }

    /// Where the blank line that ends a response's head starts.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 2
        }
        return nil
    }
}
