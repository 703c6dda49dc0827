import ContractCatalogue
import Foundation

/// The existing file or folder a mistyped path most likely meant, for "did you mean": each part of
/// the path that names nothing is replaced by the nearest name in the folder before it
/// (`contracts/countrie/by-name.json` → `contracts/countries/by-name.json`).
enum NearestPath {
    /// The path as it would be typed, or `nil` when some part has no near name.
    /// - Parameters:
    ///   - typed: The path as given, absolute or from `folder`.
    ///   - folder: The folder a relative path starts in.
    /// - Returns: The nearest existing path, spelt as `typed` is.
    static func nearest(to typed: String, from folder: URL) -> String? {
        let absolute = typed.hasPrefix("/")
        var here = absolute ? URL(fileURLWithPath: "/") : folder
        var parts: [String] = []
        var changed = false
        for part in typed.split(separator: "/").map(String.init) {
            let next = here.appendingPathComponent(part)
            if part == "." || part == ".." || FileManager.default.fileExists(atPath: next.path) {
                parts.append(part)
                here = next
                continue
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: here.path)) ?? []
            guard let near = NearestName.nearest(to: part, among: entries.filter { !$0.hasPrefix(".") }.sorted())
            else { return nil }
            parts.append(near)
            here = here.appendingPathComponent(near)
            changed = true
        }
        guard changed else { return nil }
        return (absolute ? "/" : "") + parts.joined(separator: "/") + (typed.hasSuffix("/") ? "/" : "")
    }
}
