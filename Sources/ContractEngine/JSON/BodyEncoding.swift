import Foundation

/// The Unicode encoding of a JSON body, found as Foundation's `JSONDecoder` finds it: a byte-order mark, or
/// else the pattern of zero bytes in the first four (RFC 4627, section 3).
enum BodyEncoding: Equatable, Sendable {
    case utf8
    case utf16BigEndian, utf16LittleEndian
    case utf32BigEndian, utf32LittleEndian

    /// The encoding of `data` and the length of its byte-order mark, if any.
    static func detect(_ data: Data) -> (encoding: BodyEncoding, markLength: Int) {
        let head = [UInt8](data.prefix(4))
        func starts(with prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        // UTF-32LE's mark begins with UTF-16LE's; Foundation's decoder takes it as UTF-16LE (and
        // then fails on the zero bytes), so the tool reads it the same way.
        if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 0) }
        if starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if head.count >= 4 {
            if head[0] == 0, head[1] == 0, head[2] == 0, head[3] != 0 { return (.utf32BigEndian, 0) }
            if head[0] != 0, head[1] == 0, head[2] == 0, head[3] == 0 { return (.utf32LittleEndian, 0) }
        }
        if head.count >= 2 {
            if head[0] == 0, head[1] != 0 { return (.utf16BigEndian, 0) }
            if head[0] != 0, head[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// The body as UTF-8, so the position-aware parser and the key scan read what `JSONDecoder`
    /// reads. A UTF-8 body is returned as it is (a byte-order mark included: every position
    /// converter skips it); a UTF-16 or UTF-32 body is transcoded without its mark, which keeps
    /// its lines and, for ASCII text, its columns. A body that does not transcode is returned
    /// unchanged, and decoding reports it as invalid.
    static func utf8(_ data: Data) -> Data {
        let (encoding, markLength) = detect(data)
        let stringEncoding: String.Encoding
        switch encoding {
        case .utf8: return data
        case .utf16BigEndian: stringEncoding = .utf16BigEndian
        case .utf16LittleEndian: stringEncoding = .utf16LittleEndian
        case .utf32BigEndian: stringEncoding = .utf32BigEndian
        case .utf32LittleEndian: stringEncoding = .utf32LittleEndian
        }
        let payload = data.dropFirst(markLength)
        // A mark alone stays as it is, so the prediction sees the non-empty body the client sees.
        guard !payload.isEmpty, let text = String(data: payload, encoding: stringEncoding) else { return data }
        return Data(text.utf8)
    }
}
