import Foundation

/// What never reaches a file or an output: credentials in a URL's user-info, headers that carry
/// credentials or sessions, and response headers nobody asked to keep. Every writer (`add --live`,
/// `record`, the contract editor) and every report goes through here, so a secret given on the
/// command line (`--base-url https://user:secret@host/`) stays in the request alone.
enum Redaction {
    /// Headers that carry credentials or sessions: never written, whatever `--keep-header` says.
    static let secretHeaders: Set<String> = [
        "set-cookie", "set-cookie2", "cookie", "authorization", "proxy-authorization",
    ]

    /// A URL as files and reports show it: without user name or password, fragment, or any query
    /// item but those the endpoint defines whose names do not look secret. A staging server's key given in `--base-url`'s query
    /// (`?api_key=...`) is sent with the request and shown nowhere.
    /// - Parameters:
    ///   - url: The URL a request went to.
    ///   - definedQuery: The names of the query items the endpoint can send; none by default.
    /// - Returns: Its text with the secrets taken out.
    static func url(_ url: URL, definedQuery: Set<String> = []) -> String {
        guard url.user != nil || url.password != nil || url.query != nil || url.fragment != nil,
            let parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url.absoluteString }
        return stripped(parts, definedQuery: definedQuery) ?? "(a URL that cannot be shown)"
    }

    /// A parsed URL's text without user name or password, fragment, or any query item but those
    /// the endpoint defines: what `url(_:definedQuery:)` and `capturedURL(_:definedQuery:)` show.
    private static func stripped(_ parts: URLComponents, definedQuery: Set<String>) -> String? {
        var parts = parts
        parts.user = nil
        parts.password = nil
        parts.fragment = nil
        let kept = (parts.queryItems ?? []).filter { definedQuery.contains($0.name) && !looksSecret($0.name) }
        parts.queryItems = kept.isEmpty ? nil : kept
        return parts.string
    }

    /// A URL the client sent, as a message quotes it: every query item but those whose names look
    /// secret, no user-info, no fragment.
    /// - Parameter url: The URL.
    /// - Returns: Its text, its secrets taken out.
    static func sent(_ url: URL) -> String {
        let names = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? []
        return Self.url(url, definedQuery: Set(names))
    }

    /// The names of the query items a URL carries that `url(_:definedQuery:)` leaves out.
    /// - Parameters:
    ///   - url: The URL.
    ///   - definedQuery: The names of the query items the endpoint can send.
    /// - Returns: The other names, sorted, each once.
    static func hiddenQueryNames(_ url: URL, definedQuery: Set<String> = []) -> [String] {
        let names = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? []
        return Set(names.filter { !definedQuery.contains($0) }).sorted()
    }

    /// A captured URL as a case keeps it: no user-info, no fragment, and no query item but those
    /// the endpoint defines (a capture's session tokens and trackers stay in the capture).
    /// - Parameters:
    ///   - text: The URL as captured.
    ///   - definedQuery: The names of the query items the endpoint can send.
    /// - Returns: The URL to write.
    static func capturedURL(_ text: String, definedQuery: Set<String>) -> String {
        guard let parts = URLComponents(string: text) else { return text }
        return stripped(parts, definedQuery: definedQuery) ?? text
    }

    /// A URL the user typed, as messages quote it: without user-info, query or fragment, also when
    /// it does not parse (a password holding a `#` or `?`, a URL with no host): what would be the
    /// user-info, the part before the last `@` of the authority, is cut out by hand then.
    /// - Parameter text: The text.
    /// - Returns: The text, its secrets taken out.
    static func url(text: String) -> String {
        if let url = URL(string: text), url.host.map({ !$0.isEmpty }) == true, !text.contains("@") {
            return Self.url(url)
        }
        // By hand: scheme, then the authority up to the first "/" after the last "@", then the path
        // up to the first "?" or "#".
        var rest = Substring(text)
        var shown = ""
        if let scheme = rest.range(of: "://") {
            shown = String(rest[..<scheme.upperBound])
            rest = rest[scheme.upperBound...]
        }
        if let at = rest.lastIndex(of: "@") {
            shown += "\u{2026}@"
            rest = rest[rest.index(after: at)...]
        }
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            rest = rest[..<cut]
        }
        return shown + rest
    }

    /// The headers that frame a message rather than describe its body: a fixture is stored as the
    /// client gets it, decoded and whole, and `serve` and the stub frame it themselves, so a
    /// contract's own could only be false of it.
    static let framingHeaders: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding", "te", "trailer",
        "upgrade",
    ]

    /// Words that make a name secret wherever they stand in it, as whole words or inside one
    /// (`refresh_token`, `accesstoken`, `client_secret`, `newPassword`, `credentials`).
    static let secretStems = ["token", "secret", "password", "passwd", "passphrase", "credential", "sessid"]

    /// Words that make a name secret only when they are a whole word of it (`api_key`, `X-Api-Key`,
    /// `apiKey`, `pwd`, `sig`), so that `keyboard`, `passage` or `design` stay ordinary words.
    static let secretWords: Set<String> = [
        "key", "apikey", "accesskey", "secretkey", "privatekey", "pass", "pwd", "sig", "signature", "jwt", "auth",
        "authorization", "cookie", "otp",
    ]

    /// Whether a name marks its value a secret: a credential header (`Authorization`, `Cookie`),
    /// or a name one of whose words holds one of `secretStems`, is one of `secretWords`, or starts
    /// with `session` (`X-Session-Id`, `sessionid`). The words of a name are its runs of letters
    /// and digits, a lower-case letter followed by a capital starting a new one (`apiKey` is `api`,
    /// `key`); case does not count. The one rule every reader and writer of headers, query items
    /// and body members applies.
    /// - Parameter name: A header's, a query item's or a body member's name.
    /// - Returns: `true` when its value is never to be written nor shown.
    static func looksSecret(_ name: String) -> Bool {
        if secretHeaders.contains(name.lowercased()) { return true }
        return words(of: name).contains { word in
            secretWords.contains(word) || word.hasPrefix("session") || secretStems.contains { word.contains($0) }
        }
    }

    /// The words of a name, lower-cased: `X-Api-Key` is `x`, `api`, `key`; `refreshToken` is
    /// `refresh`, `token`.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase, previousIsLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousIsLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A JSON value as a file or a message may show it: every member whose name looks secret
    /// holds `true` in place of its value, at any depth.
    /// - Parameter value: The value.
    /// - Returns: The value, its secrets taken out.
    static func redacted(_ value: JSONValue) -> JSONValue {
        value.redacting(where: looksSecret)
    }

    /// Whether a header may be written into a contract when asked for.
    /// - Parameter name: The header's name, in any case.
    /// - Returns: `false` for a header whose name looks secret (it carries credentials, a session,
    ///   a key or a token), or that frames the message.
    static func mayKeep(header name: String) -> Bool {
        !looksSecret(name) && !framingHeaders.contains(name.lowercased())
    }

    /// The headers a recorded case writes: `Content-Type` and those asked for that may be kept,
    /// each with the value the server sent, in that order; a header the server did not send is
    /// left out.
    /// - Parameters:
    ///   - asked: Header names asked for besides `Content-Type`.
    ///   - value: The server's value for a header name, compared without regard to case.
    /// - Returns: Names and values.
    static func keptHeaders(asked: [String], value: (String) -> String?) -> [(name: String, value: String)] {
        var names = ["Content-Type"]
        for name in asked
        where mayKeep(header: name) && !names.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            names.append(name)
        }
        return names.compactMap { name in value(name).map { (name, $0) } }
    }
}
