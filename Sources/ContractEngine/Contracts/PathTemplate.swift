import Foundation

/// A stated request path with holes: `/3/movie/{id}` leaves its last segment free, so one contract
/// answers `/3/movie/550` and `/3/movie/551` alike. A hole is a whole segment, `{name}`; the other
/// segments are compared percent-decoded, one by one (`/AC%2FDC` is one segment).
struct PathTemplate: Sendable, Equatable {
    /// One segment between slashes.
    enum Segment: Sendable, Equatable {
        /// This text, decoded.
        case exact(String)
        /// Any non-empty segment; the name is the template's (`id`).
        case hole(String)
    }

    /// The segments, the empty one before the leading slash included.
    let segments: [Segment]
    /// The path as the contract writes it.
    let text: String

    /// The template a stated path makes; `nil` when it has no hole (it is matched exactly) or a
    /// brace that is not a whole segment's hole (`problem(in:)` says so).
    /// - Parameter path: The stated path.
    init?(_ path: String) {
        guard path.contains("{"), Self.problem(in: path) == nil else { return nil }
        text = path
        segments = path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix("{") && part.hasSuffix("}")
                ? .hole(String(part.dropFirst().dropLast()))
                : .exact(String(part).removingPercentEncoding ?? String(part))
        }
    }

    /// Why a stated path's braces are not holes: a brace inside a segment, a hole without a name,
    /// or a name used twice; `nil` when they are (or there is none).
    /// - Parameter path: The stated path.
    /// - Returns: The reason, in a diagnostic's words.
    static func problem(in path: String) -> String? {
        guard path.contains("{") || path.contains("}") else { return nil }
        var names: Set<String> = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false)
        where part.contains("{") || part.contains("}") {
            let name = part.dropFirst().dropLast()
            guard part.hasPrefix("{"), part.hasSuffix("}"), !name.isEmpty,
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                return
                    "a hole in \"path\" is a whole segment named in braces, such as \"/3/movie/{id}\"; found \(JSONValue.quote(String(part)))"
            }
            guard names.insert(String(name)).inserted else {
                return "the hole \(JSONValue.quote("{\(name)}")) is in \"path\" twice"
            }
        }
        return nil
    }

    /// Whether a path fits the template: as many segments, each exact one the same once decoded,
    /// each hole a non-empty segment.
    /// - Parameter path: The path as sent, percent-encoded.
    /// - Returns: `true` when it fits.
    func matches(_ path: some StringProtocol) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return false }
        for (part, segment) in zip(parts, segments) {
            switch segment {
            case .hole: if part.isEmpty { return false }
            case .exact(let text): if (part.removingPercentEncoding ?? String(part)) != text { return false }
            }
        }
        return true
    }
}
