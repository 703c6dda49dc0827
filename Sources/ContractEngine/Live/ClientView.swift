import Foundation

/// What URLSession hands the client for an exchange a capture or a server shows: the engine's one
/// answer to "the body the client would get, or none" (DESIGN 10), read by `add --har`,
/// `add --live` and `record`.
///
/// - A capture's text (HAR stores a body as UTF-8 text whatever the charset) is turned back into
///   the bytes the server sent, in the charset its `Content-Type` names.
/// - base64 is decoded strictly: white space is allowed, anything else refuses the entry.
/// - A captured body still compressed as its `Content-Encoding` says is decompressed, as URLSession
///   does: each coding of the list undone, last first (gzip with every member, zlib and raw
///   deflate, each checked as URLSession checks it); a coding the package cannot undo (br, zstd)
///   or a body that does not decompress refuses the entry.
/// - A live answer is kept exactly as URLSession hands it over: URLSession has undone its codings.
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
    /// `verify --live` take: the body exactly as URLSession handed it over (URLSession has undone
    /// the answer's `Content-Encoding` already; what it left compressed, the app gets compressed),
    /// and an answer the client never sees (a 304) refused with the reason. A redirect never gets
    /// here: the fetch follows it, as the client does, or refuses it.
    /// - Parameter answer: The answer as URLSession handed it over.
    /// - Returns: The answer the client gets, or why there is none.
    static func seen(_ answer: LiveResponse) -> Result<LiveResponse, LiveFailure> {
        if let reason = unseen(status: answer.status, header: answer.header) {
            return .failure(LiveFailure(url: answer.displayURL, reason: "\(reason), so there is no answer to keep"))
        }
        return .success(answer)
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
        let charset = charset(in: header("Content-Type"))
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
            switch encoded(text, charset: charset) {
            case .success(let bytes): raw = bytes
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return decompressed(
            raw, contentEncoding: header("Content-Encoding"), charset: charset, limit: limit,
            wasText: encoding?.isEmpty ?? true)
    }

    /// A captured body as the client gets it after URLSession's content decoding: each coding of
    /// `Content-Encoding` undone, the last one first, as URLSession undoes them. A body that is
    /// plain already (a capture that stored the decoded answer, as browsers do) is kept; once a
    /// coding has been undone, every coding before it must be undone too, or the entry is refused,
    /// since the client would get an error and no body.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - contentEncoding: The answer's `Content-Encoding`, if any.
    ///   - charset: The `Content-Type`'s charset, if any, which says what plain text looks like.
    ///   - limit: The largest body kept.
    ///   - wasText: Whether the capture stored the body as text, which it can only do once decoded.
    /// - Returns: The bytes, or why they cannot be read.
    static func decompressed(
        _ data: Data, contentEncoding: String?, charset: String? = nil, limit: Int, wasText: Bool = false
    ) -> Result<Data, Refusal> {
        let codings = (contentEncoding ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty && $0 != "identity" }
        var body = data
        var undone: [String] = []
        for coding in codings.reversed() {
            do throws(Inflate.Failure) {
                switch coding == "x-gzip" ? "gzip" : coding {
                case "gzip" where Inflate.isGzip(body):
                    body = try Inflate.gunzip(body, limit: limit)
                    undone.append(coding)
                    continue
                case "deflate" where Inflate.isZlib(body):
                    body = try Inflate.unzlib(body, limit: limit)
                    undone.append(coding)
                    continue
                case "deflate" where !undone.isEmpty || !(wasText || isPlainText(body, charset: charset)):
                    // Raw DEFLATE has no header to tell it by: bytes that are not text are taken
                    // for it, as URLSession takes what is not zlib.
                    body = try Inflate.inflateRaw(body, limit: limit)
                    undone.append(coding)
                    continue
                default:
                    break
                }
            } catch {
                return .failure(
                    Refusal(
                        reason: "its body says \(JSONValue.quote(coding)) and does not decompress: \(error.reason)"))
            }
            // This coding cannot be undone: the body is not in it, or the package cannot read it.
            let undoable = ["gzip", "x-gzip", "deflate"].contains(coding)
            if !undone.isEmpty {
                return .failure(
                    Refusal(
                        reason: undoable
                            ? "its body says \(JSONValue.quote(contentEncoding ?? "")), and what \(JSONValue.quote(undone.last ?? "")) gives is not \(JSONValue.quote(coding)); the client would get an error"
                            : "its body is still compressed as \(JSONValue.quote(coding)) under \(JSONValue.quote(undone.last ?? "")), which cannot be decompressed here"
                    ))
            }
            // A capture usually stores the decoded body; bytes that are not text are still
            // compressed in a coding this package cannot undo.
            if undoable || wasText || isPlainText(body, charset: charset) { return .success(body) }
            return .failure(
                Refusal(
                    reason:
                        "its body is still compressed as \(JSONValue.quote(coding)), which cannot be decompressed here"
                ))
        }
        return .success(body)
    }

    /// Whether bytes read as text in the body's charset (the one named, or else the Unicode
    /// encoding JSON's rule finds) with no control character but white space: what a decoded
    /// body is and a compressed one, nearly always, is not.
    static func isPlainText(_ data: Data, charset: String?) -> Bool {
        let encoding: String.Encoding
        if let charset, let named = stringEncoding(charset) {
            encoding = named
        } else {
            switch BodyEncoding.detect(data).encoding {
            case .utf8: encoding = .utf8
            case .utf16BigEndian: encoding = .utf16BigEndian
            case .utf16LittleEndian: encoding = .utf16LittleEndian
            case .utf32BigEndian: encoding = .utf32BigEndian
            case .utf32LittleEndian: encoding = .utf32LittleEndian
            }
        }
        let markLength = BodyEncoding.detect(data).markLength
        guard let text = String(data: data.dropFirst(markLength), encoding: encoding) else { return false }
        return !text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && !"\t\n\r\u{0C}".unicodeScalars.contains(scalar)) || scalar.value == 0x7F
                || scalar == "\u{FFFD}"
        }
    }

    /// Text turned back into the bytes of the charset a `Content-Type` names (UTF-8 when it names
    /// none, as JSON's default). A text holding the stand-ins of bytes that are not UTF-8 (an
    /// archive written with Python's `surrogateescape`, as mitmproxy writes a body it could not
    /// read as UTF-8) is the server's bytes: UTF-8 around those bytes, as it was read.
    private static func encoded(_ text: String, charset: String?) -> Result<Data, Refusal> {
        if text.unicodeScalars.contains(where: { JSONParser.strayByte($0) != nil }) {
            var bytes: [UInt8] = []
            for scalar in text.unicodeScalars {
                if let byte = JSONParser.strayByte(scalar) {
                    bytes.append(byte)
                } else {
                    bytes += Array(String(scalar).utf8)
                }
            }
            return .success(Data(bytes))
        }
        guard let charset else { return .success(Data(text.utf8)) }
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
