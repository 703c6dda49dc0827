import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a contract's client sends, as the server compares it.
struct SentRequest: Sendable {
    let method: String
    /// The path as sent, percent-encoded.
    let path: String
    /// The path percent-decoded, as messages show it.
    let decodedPath: String
    /// The path as sent, normalised as RFC 3986 allows (escapes of unreserved characters decoded,
    /// the others' hex digits in capitals), as compared: `/AC%2FDC` is not `/AC/DC`.
    let comparedPath: String
    /// The query items in the order sent, decoded.
    let query: [(name: String, value: String)]

    init?(_ request: URLRequest) {
        guard let url = request.url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        method = request.httpMethod ?? "GET"
        path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        decodedPath = path.removingPercentEncoding ?? path
        comparedPath = Self.normalized(path)
        query = CaseRouter.queryItems(parts.percentEncodedQuery.map { Substring($0) })
    }

    /// The target as sent: path and query.
    var target: String {
        guard !query.isEmpty else { return path }
        var parts = URLComponents()
        parts.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        return path + "?" + (parts.percentEncodedQuery ?? "")
    }

    /// A path (or query text) as RFC 3986 compares it: an escaped unreserved character (`%41`,
    /// `%7E`) is the character, other escapes keep their meaning with capital hex digits
    /// (`%2f` is `%2F`, and never a `/`).
    /// - Parameter text: The text as sent.
    /// - Returns: The normalised text.
    static func normalized<Text: StringProtocol>(_ text: Text) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = bytes[index + 1].hexDigitValue, let low = bytes[index + 2].hexDigitValue
            {
                let byte = high << 4 | low
                if isUnreserved(byte) {
                    out.append(byte)
                } else {
                    out += [UInt8(ascii: "%")] + Array(String(format: "%02X", byte).utf8)
                }
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension UInt8 {
    /// The value of an ASCII hexadecimal digit (RFC 5234 `HEXDIG`, either case), or `nil`: read
    /// by percent-escapes and chunk sizes alike.
    var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
