import Foundation

/// Reads HTTP/1.x requests from the bytes a connection has received so far, within the server's
/// limits. It never waits: it says whether a whole request is there, more is needed, or the bytes
/// can never become one.
enum HTTPParser {
    /// The most bytes a request's line and header fields may take.
    static let headerLimit = 64 * 1024
    /// The largest body accepted.
    static let bodyLimit = 1024 * 1024

    /// What the bytes received so far hold.
    enum Step: Equatable {
        /// Not yet a whole request; `expectsContinue` when the client waits for `100 Continue`
        /// before sending its body.
        case incomplete(expectsContinue: Bool)
        /// A whole request, taking `length` bytes.
        case request(length: Int)
        /// Bytes that can never become a request: answer `status` and close.
        case refused(status: Int, reason: String)
    }

    /// The request at the start of the bytes, when it is whole.
    /// - Parameter bytes: What the connection received and has not yet consumed.
    /// - Returns: The step, and the request when there is one.
    static func parse(_ bytes: ArraySlice<UInt8>) -> (Step, HTTPRequest?) {
        let start = bytes.startIndex
        // A request line that is not text (a TLS hello, binary) is refused before it ends.
        guard requestLineIsText(bytes) else {
            return (.refused(status: 400, reason: "the request line is not HTTP"), nil)
        }
        guard let headEnd = endOfHead(bytes) else {
            if bytes.count > headerLimit {
                return (.refused(status: 431, reason: "the request's header fields are over 64 KiB"), nil)
            }
            return (.incomplete(expectsContinue: false), nil)
        }
        if headEnd.fieldsEnd - start > headerLimit {
            return (.refused(status: 431, reason: "the request's header fields are over 64 KiB"), nil)
        }
        let head: Head
        switch readHead(bytes[start..<headEnd.fieldsEnd]) {
        case .read(let read): head = read
        case .stop(let step): return (step, nil)
        }
        let body: Body
        switch readBody(bytes, from: headEnd.bodyStart, head: head) {
        case .read(let read): body = read
        case .stop(let step): return (step, nil)
        }
        let request = HTTPRequest(
            method: head.method, target: head.target, isHTTP10: head.isHTTP10, headers: head.headers, body: body.data)
        return (.request(length: body.end - start), request)
    }

    /// What one step of reading a request found: its part, or the step the bytes stop at (more is
    /// needed, or they are refused).
    private enum Reading<Part> {
        case read(Part)
        case stop(Step)
    }

    /// A request's line and header fields.
    private struct Head {
        var method: String
        var target: String
        var isHTTP10: Bool
        var headers: [(name: String, value: String)]

        /// The values of the fields with a name, given in lowercase, in the order sent.
        func values(named name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name }.map(\.value)
        }
    }

    /// A request's body, and the index where the request ends.
    private struct Body {
        var data: Data
        var end: Int
    }

    /// Whether the bytes up to the first line feed are text: no control byte but tab and carriage
    /// return, nothing above ASCII.
    private static func requestLineIsText(_ bytes: ArraySlice<UInt8>) -> Bool {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { return true }
            if byte < 0x20 && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "\t") || byte >= 0x7F { return false }
        }
        return true
    }

    /// The request line and the header fields, from the bytes before the empty line.
    private static func readHead(_ fields: ArraySlice<UInt8>) -> Reading<Head> {
        var lines = fields.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first, requestLine.allSatisfy({ $0 < 0x80 }) else {
            return .stop(.refused(status: 400, reason: "the request line is not HTTP"))
        }
        let line = String(decoding: requestLine, as: UTF8.self)
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.allSatisfy(isTokenByte),
            parts[1].first == "/" || parts[1].hasPrefix("http://") || parts[1].hasPrefix("https://")
                || parts[1] == "*",
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return .stop(.refused(status: 400, reason: "the request line is not HTTP/1.1")) }
        var headers: [(name: String, value: String)] = []
        for field in lines.dropFirst() {
            guard let header = headerField(field) else {
                return .stop(.refused(status: 400, reason: "a header field is malformed"))
            }
            headers.append(header)
        }
        return .read(
            Head(method: String(parts[0]), target: String(parts[1]), isHTTP10: parts[2] == "HTTP/1.0", headers: headers)
        )
    }

    /// One header field's name and value (trimmed), or `nil` when the field is malformed.
    private static func headerField(_ field: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = field.firstIndex(of: UInt8(ascii: ":")), colon > field.startIndex,
            field[field.startIndex..<colon].allSatisfy(isTokenByte)
        else { return nil }
        let name = String(decoding: field[field.startIndex..<colon], as: UTF8.self)
        // The value without the whitespace around it (RFC 9110 5.5: spaces and tabs), trimmed as
        // bytes: Foundation's trimming cost a tenth of every request's time.
        var value = field[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        return (name, text(value))
    }

    /// A field value's text: UTF-8 when it is, else each byte as its Latin-1 character (RFC 9110
    /// 5.5 allows such obsolete bytes).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(bytes: bytes, encoding: .utf8)
            ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// The body the header fields announce, chunked or of a length, and where the request ends.
    private static func readBody(_ bytes: ArraySlice<UInt8>, from bodyStart: Int, head: Head) -> Reading<Body> {
        let lengths = Set(head.values(named: "content-length"))
        let encodings = head.values(named: "transfer-encoding")
        let expectsContinue = head.values(named: "expect").contains { $0.lowercased() == "100-continue" }
        if !encodings.isEmpty {
            guard lengths.isEmpty, encodings.count == 1, encodings[0].lowercased() == "chunked" else {
                return .stop(.refused(status: 400, reason: "the request's transfer coding is not chunked alone"))
            }
            switch chunked(bytes[bodyStart...]) {
            case .incomplete(let size):
                if size > bodyLimit { return .stop(.refused(status: 413, reason: "the request's body is over 1 MiB")) }
                return .stop(.incomplete(expectsContinue: expectsContinue))
            case .refused(let step): return .stop(step)
            case .whole(let data, let after): return .read(Body(data: data, end: after))
            }
        }
        guard let length = lengths.first else { return .read(Body(data: Data(), end: bodyStart)) }
        guard lengths.count == 1, !length.isEmpty, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .stop(.refused(status: 400, reason: "the request's Content-Length is not a number"))
        }
        guard length.count <= 8, let count = Int(length), count <= bodyLimit else {
            return .stop(.refused(status: 413, reason: "the request's body is over 1 MiB"))
        }
        guard bytes.endIndex - bodyStart >= count else { return .stop(.incomplete(expectsContinue: expectsContinue)) }
        return .read(Body(data: Data(bytes[bodyStart..<(bodyStart + count)]), end: bodyStart + count))
    }

    /// Where the header fields end and the body starts, when the empty line has arrived.
    private static func endOfHead(_ bytes: ArraySlice<UInt8>) -> (fieldsEnd: Int, bodyStart: Int)? {
        var index = bytes.startIndex
        let limit = min(bytes.endIndex, bytes.startIndex + headerLimit + 4)
        while index < limit {
            guard bytes[index] == UInt8(ascii: "\n") else {
                index += 1
                continue
            }
            let next = index + 1
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: "\n") { return (index, next + 1) }
            if next + 1 < bytes.endIndex, bytes[next] == UInt8(ascii: "\r"), bytes[next + 1] == UInt8(ascii: "\n") {
                return (index, next + 2)
            }
            index += 1
        }
        return nil
    }

    private enum Chunked {
        case incomplete(size: Int)
        case refused(Step)
        case whole(Data, after: Int)
    }

    /// A chunked body: the chunks' data, when the last chunk and the trailer have arrived.
    private static func chunked(_ bytes: ArraySlice<UInt8>) -> Chunked {
        var data = Data()
        var index = bytes.startIndex
        func line(from start: Int) -> (text: ArraySlice<UInt8>, next: Int)? {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let text = bytes[start..<newline]
            return (text.last == UInt8(ascii: "\r") ? text.dropLast() : text, newline + 1)
        }
        while true {
            guard let (sizeLine, afterSize) = line(from: index) else {
                if bytes.endIndex - index > 1024 {
                    return .refused(.refused(status: 400, reason: "a chunk's size is malformed"))
                }
                return .incomplete(size: data.count)
            }
            let digits = sizeLine.prefix { $0 != UInt8(ascii: ";") }
            let text = String(decoding: digits, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            // A size is 1*HEXDIG: `Int(_:radix:)` alone also takes a sign (`-1`, `+a`).
            guard !text.isEmpty, text.count <= 8, text.utf8.allSatisfy(isHexDigit),
                let size = Int(text, radix: 16)
            else {
                return .refused(.refused(status: 400, reason: "a chunk's size is malformed"))
            }
            if data.count + size > bodyLimit {
                return .refused(.refused(status: 413, reason: "the request's body is over 1 MiB"))
            }
            if size == 0 {
                // The trailer: fields up to an empty line.
                var cursor = afterSize
                while true {
                    guard let (field, next) = line(from: cursor) else { return .incomplete(size: data.count) }
                    if field.isEmpty { return .whole(data, after: next) }
                    cursor = next
                }
            }
            guard bytes.endIndex - afterSize >= size + 2 else { return .incomplete(size: data.count + size) }
            data.append(contentsOf: bytes[afterSize..<(afterSize + size)])
            var next = afterSize + size
            if bytes[next] == UInt8(ascii: "\r") { next += 1 }
            guard bytes[next] == UInt8(ascii: "\n") else {
                return .refused(.refused(status: 400, reason: "a chunk does not end where its size says"))
            }
            index = next + 1
        }
    }

    /// Whether a byte is a hexadecimal digit (RFC 5234 `HEXDIG`, either case).
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }

    /// Whether a byte may appear in a method or a header field's name (RFC 9110 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
