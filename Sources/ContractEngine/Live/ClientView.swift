import Foundation

/// What URLSession hands the client for an exchange a capture or a server shows: the engine's one
/// answer to "the body the client would get, or none" (DESIGN 10), read by `add --har`,
/// `add --live` and `record`.
///
/// - A capture's text (HAR stores a body as UTF-8 text whatever the charset) is turned back into
///   the bytes the server sent, in the charset its `Content-Type` names.
/// - base64 is decoded strictly: white space is allowed, anything else refuses the entry.
/// - A body still compressed as its `Content-Encoding` says (gzip, deflate) is decompressed, as
///   URLSession does; one the platform cannot decompress without a package (br) is refused.
/// - A redirect the client follows, and a `304 Not Modified`, never reach the client: skipped.
enum ClientView {
    /// Why an exchange gives the client no body to keep.
    struct Refusal: Error, Sendable, Equatable {
        let reason: String
    }

    /// The statuses URLSession follows when they carry a `Location`.
    static var followedRedirects: Set<Int> { ContractLoader.followedRedirects }

    /// Why the client never sees an answer, or `nil` when it does.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - header: The answer's header value for a name, in any case.
    /// - Returns: The reason, such as "the client follows redirects".
    static func unseen(status: Int, header: (String) -> String?) -> String? {
        if followedRedirects.contains(status), header("Location") != nil {
            return "HTTP \(status) to \(JSONValue.quote(header("Location") ?? "")): the client follows redirects"
        }
        if status == 304 { return "HTTP 304 Not Modified: the client gets its cached answer" }
        return nil
    }

    /// A server's answer as the client gets it, the one view `add --live`, `record` and
    /// `verify --live` take: a body URLSession left compressed is decompressed, and an answer the
    /// client never sees (a 304) is refused with the reason. A redirect never gets here: the
    /// fetch follows it, as the client does, or refuses it.
    /// - Parameters:
    ///   - answer: The answer as received.
    ///   - limit: The largest body kept (the fixture limit).
    /// - Returns: The answer the client gets, or why there is none.
    static func seen(_ answer: LiveResponse, limit: Int = FixtureStore.maxFixtureBytes) -> Result<
        LiveResponse, LiveFailure
    > {
        if let reason = unseen(status: answer.status, header: answer.header) {
            return .failure(LiveFailure(url: answer.displayURL, reason: "\(reason), so there is no answer to keep"))
        }
        switch decompressed(answer.body, contentEncoding: answer.header("Content-Encoding"), limit: limit) {
        case .success(let body):
            var seen = answer
            seen.body = body
            return .success(seen)
        case .failure(let refusal): return .failure(LiveFailure(url: answer.displayURL, reason: refusal.reason))
        }
    }

    /// The bytes a capture's `content.text` stands for.
    /// - Parameters:
    ///   - text: The text as the archive holds it.
    ///   - encoding: The archive's `content.encoding` (`base64`), if any.
    ///   - header: The answer's header value for a name, in any case.
    ///   - limit: The largest body kept (the fixture limit).
    /// - Returns: The bytes the client gets, or why there are none.
    static func capturedBody(text: String, encoding: String?, header: (String) -> String?, limit: Int)
        -> Result<Data, Refusal>
    {
        let raw: Data
        if let encoding, !encoding.isEmpty {
            guard encoding.lowercased() == "base64" else {
                return .failure(Refusal(reason: "its \"content.encoding\" is \(JSONValue.quote(encoding)), not base64"))
            }
            let compact = String(text.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) })
            guard let decoded = Data(base64Encoded: compact) else {
                return .failure(Refusal(reason: "its \"content.text\" says base64 and is not"))
            }
            raw = decoded
        } else {
            switch encoded(text, contentType: header("Content-Type")) {
            case .success(let bytes): raw = bytes
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return decompressed(raw, contentEncoding: header("Content-Encoding"), limit: limit)
    }

    /// A body as the client gets it after URLSession's content decoding: a body still compressed
    /// as `Content-Encoding` says is decompressed; one already plain (a capture that decoded it) is
    /// kept.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - contentEncoding: The answer's `Content-Encoding`, if any.
    ///   - limit: The largest body kept.
    /// - Returns: The bytes, or why they cannot be read.
    static func decompressed(_ data: Data, contentEncoding: String?, limit: Int) -> Result<Data, Refusal> {
        let codings = (contentEncoding ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty && $0 != "identity" }
        guard let coding = codings.last else { return .success(data) }
        do throws(Inflate.Failure) {
            switch coding {
            case "gzip", "x-gzip":
                return Inflate.isGzip(data) ? .success(try Inflate.gunzip(data, limit: limit)) : .success(data)
            case "deflate":
                return Inflate.isZlib(data) ? .success(try Inflate.inflate(data, limit: limit)) : .success(data)
            default:
                // A capture usually stores the decoded text; bytes that are not text are still
                // compressed in a coding this package cannot undo.
                if String(data: data, encoding: .utf8) != nil { return .success(data) }
                return .failure(
                    Refusal(
                        reason:
                            "its body is still compressed as \(JSONValue.quote(coding)), which cannot be decompressed here"
                    ))
            }
        } catch {
            return .failure(
                Refusal(reason: "its body says \(JSONValue.quote(coding)) and does not decompress: \(error.reason)"))
        }
    }

    /// Text turned back into the bytes of the charset a `Content-Type` names (UTF-8 when it names
    /// none, as JSON's default).
    private static func encoded(_ text: String, contentType: String?) -> Result<Data, Refusal> {
        guard let charset = charset(in: contentType) else { return .success(Data(text.utf8)) }
        guard let encoding = stringEncoding(charset) else {
            return .failure(
                Refusal(
                    reason: "its charset \(JSONValue.quote(charset)) is not one the tool can turn the text back into"))
        }
        guard let data = text.data(using: encoding, allowLossyConversion: false) else {
            return .failure(
                Refusal(reason: "its text cannot be written in its charset \(JSONValue.quote(charset))"))
        }
        return .success(data)
    }

    /// The `charset` parameter of a `Content-Type`, lower case, unquoted.
    static func charset(in contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if parts.count == 2, parts[0].lowercased() == "charset" {
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            }
        }
        return nil
    }

    private static func stringEncoding(_ charset: String) -> String.Encoding? {
        switch charset {
        case "utf-8", "utf8": .utf8
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1": .isoLatin1
        case "iso-8859-2", "latin2": .isoLatin2
        case "us-ascii", "ascii": .ascii
        case "windows-1252", "cp1252": .windowsCP1252
        case "windows-1251", "cp1251": .windowsCP1251
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "utf-32": .utf32
        default: nil
        }
    }
}
