import Foundation

/// `releases/VERSION/manifest.json`: which release an archive is, the commit it was built from and
/// when it was archived; a release retired from support has `retired`, the date it left.
struct ReleaseManifest: Sendable, Equatable {
    /// The app's version, the archive's folder name.
    let version: String
    /// The commit the release was built from; `nil` outside a git checkout.
    let commit: String?
    /// When it was archived, RFC 3339 in UTC.
    let date: String
    /// The consumer its pacts are for.
    let consumer: String
    /// When it was retired, RFC 3339 in UTC; `nil` while it is supported.
    var retired: String?

    /// The file: keys sorted, one member a line, the same bytes for the same manifest.
    var text: String {
        var lines = [
            "  \"commit\": \(commit.map(JSONValue.quote) ?? "null")",
            "  \"consumer\": \(JSONValue.quote(consumer))",
            "  \"date\": \(JSONValue.quote(date))",
        ]
        if let retired { lines.append("  \"retired\": \(JSONValue.quote(retired))") }
        lines.append("  \"version\": \(JSONValue.quote(version))")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads a manifest.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: How messages name it.
    /// - Returns: The manifest, or what is wrong with the file.
    static func parse(_ data: Data, file: String) -> Result<ReleaseManifest, Diagnostic> {
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            return .failure(Diagnostic(.error, error.message, file: file, position: error.position))
        }
        func text(_ key: String) -> String? {
            if case .string(let value)? = root.member(key)?.value.value { value } else { nil }
        }
        guard let version = text("version"), let date = text("date"), let consumer = text("consumer") else {
            return .failure(
                Diagnostic(
                    .error, "a release manifest needs \"version\", \"date\" and \"consumer\" strings", file: file,
                    position: root.position))
        }
        return .success(
            ReleaseManifest(
                version: version, commit: text("commit"), date: date, consumer: consumer, retired: text("retired")))
    }

    /// The current time as a manifest writes it.
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
