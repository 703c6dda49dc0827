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
        var index = start
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\n") {
            let byte = bytes[index]
            if byte < 0x20 && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "\t") || byte >= 0x7F {
                return (.refused(status: 400, reason: "the request line is not HTTP"), nil)
            }
            index += 1
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
        var lines = bytes[start..<headEnd.fieldsEnd].split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
        )
        .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first, let line = String(bytes: requestLine, encoding: .ascii) else {
            return (.refused(status: 400, reason: "the request line is not HTTP"), nil)
        }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].utf8.allSatisfy(isTokenByte),
            parts[1].first == "/" || parts[1].hasPrefix("http://") || parts[1].hasPrefix("https://")
                || parts[1] == "*",
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return (.refused(status: 400, reason: "the request line is not HTTP/1.1"), nil) }
        var headers: [(name: String, value: String)] = []
        for field in lines.dropFirst() {
            guard let colon = field.firstIndex(of: UInt8(ascii: ":")), colon > field.startIndex,
                field[field.startIndex..<colon].allSatisfy(isTokenByte)
            else { return (.refused(status: 400, reason: "a header field is malformed"), nil) }
            let name = String(decoding: field[field.startIndex..<colon], as: UTF8.self)
            let rawValue = field[(colon + 1)...]
            let value =
                String(bytes: rawValue, encoding: .utf8) ?? String(bytes: rawValue, encoding: .isoLatin1) ?? ""
            headers.append((name, value.trimmingCharacters(in: .whitespaces)))
        }
        let target = String(parts[1])
        let method = String(parts[0])
        let isHTTP10 = parts[2] == "HTTP/1.0"
        let lowercasedNames = headers.map { $0.name.lowercased() }
        func named(_ name: String) -> [String] {
            zip(lowercasedNames, headers).filter { $0.0 == name }.map(\.1.value)
        }
        let lengths = Set(named("content-length"))
        let encodings = named("transfer-encoding")
        let expectsContinue = named("expect").contains { $0.lowercased() == "100-continue" }
        let bodyStart = headEnd.bodyStart
        let body: Data
        let end: Int
        if !encodings.isEmpty {
            guard lengths.isEmpty, encodings.count == 1, encodings[0].lowercased() == "chunked" else {
                return (.refused(status: 400, reason: "the request's transfer coding is not chunked alone"), nil)
            }
            switch chunked(bytes[bodyStart...]) {
            case .incomplete(let size):
                if size > bodyLimit { return (.refused(status: 413, reason: "the request's body is over 1 MiB"), nil) }
                return (.incomplete(expectsContinue: expectsContinue), nil)
            case .refused(let step): return (step, nil)
            case .whole(let data, let after):
                body = data
                end = after
            }
        } else if let length = lengths.first {
            guard lengths.count == 1, !length.isEmpty, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return (.refused(status: 400, reason: "the request's Content-Length is not a number"), nil)
            }
            guard length.count <= 8, let count = Int(length), count <= bodyLimit else {
                return (.refused(status: 413, reason: "the request's body is over 1 MiB"), nil)
            }
            guard bytes.endIndex - bodyStart >= count else {
                return (.incomplete(expectsContinue: expectsContinue), nil)
            }
            body = Data(bytes[bodyStart..<(bodyStart + count)])
            end = bodyStart + count
        } else {
            body = Data()
            end = bodyStart
        }
        let request = HTTPRequest(method: method, target: target, isHTTP10: isHTTP10, headers: headers, body: body)
        return (.request(length: end - start), request)
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
            guard !text.isEmpty, text.count <= 8, let size = Int(text, radix: 16) else {
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
