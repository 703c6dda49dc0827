/// The media type of a `Content-Type` header, without its parameters: the one reading that fixture
/// naming, the not-JSON warning and the pact's header rule share.
enum MediaType {
    /// `application/json` of `application/json; charset=utf-8`, its case kept; `nil` when the
    /// header holds nothing but parameters.
    static func of(_ contentType: String) -> String? {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether a media type (any case) is JSON: `application/json` or a `+json` type such as
    /// `application/problem+json`.
    static func isJSON(_ media: String) -> Bool {
        let media = media.lowercased()
        return media == "application/json" || media.hasSuffix("+json")
    }
}
