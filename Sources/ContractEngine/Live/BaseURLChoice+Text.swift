import Foundation

extension BaseURLChoice {
    /// Adds a base URL written `[API=]URL`: `API=` only when what precedes the `=` could not be
    /// part of a URL's scheme and host.
    /// - Parameter text: The text, as typed.
    /// - Throws: `Problem` when the text is not an http or https URL, names no API before its `=`,
    ///   or names an API (or none) that has a base URL already.
    package mutating func add(_ text: String) throws(Problem) {
        var api: String?
        var address = text
        if let equals = text.firstIndex(of: "="), !text[..<equals].contains(":"), !text[..<equals].contains("/") {
            api = String(text[..<equals])
            address = String(text[text.index(after: equals)...])
        }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty
        else { throw .notAURL(Redaction.url(text: text)) }
        if api == "" { throw .emptyAPIName(Redaction.url(url)) }
        try add(url, for: api)
    }
}
