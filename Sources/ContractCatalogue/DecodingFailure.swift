import Foundation

/// Where and why a body failed to decode into a model, free of Foundation's platform-specific wording.
public struct DecodingFailure: Error, Equatable, Sendable {
    /// The coding path of the failure, written `[0].name.common`; empty for the top level.
    public var path: String
    /// Why decoding failed, such as `required key is missing`.
    public var reason: String

    /// Creates a failure at a path.
    /// - Parameters:
    ///   - path: The coding path, written `[0].name.common`.
    ///   - reason: Why decoding failed, lowercase and without a trailing period.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

extension DecodingFailure: CustomStringConvertible {
    /// The failure as `path: reason`, or just the reason at the top level.
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

extension DecodingFailure {
    /// Translates a `DecodingError` into a path and a reason.
    ///
    /// Linux's `JSONDecoder` reports some failures (a syntax error, a number that does not fit its
    /// type) with an empty coding path; those become top-level failures here and a caller that
    /// needs the real position must find it from the data itself.
    /// - Parameter error: The error `JSONDecoder` threw.
    public init(_ error: any Error) {
        guard let decodingError = error as? DecodingError else {
            self.init(path: "", reason: "decoding failed: \(error.localizedDescription)")
            return
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            self.init(path: CodingPath.render(context.codingPath + [key]), reason: "required key is missing")
        case .valueNotFound(let type, let context):
            self.init(
                path: CodingPath.render(context.codingPath), reason: "expected \(CodingPath.describe(type)), found null"
            )
        case .typeMismatch(let type, let context):
            self.init(path: CodingPath.render(context.codingPath), reason: "expected \(CodingPath.describe(type))")
        case .dataCorrupted(let context):
            let reason =
                context.codingPath.isEmpty
                ? "the data is not valid JSON or a value does not fit its type" : "the value is not valid"
            self.init(path: CodingPath.render(context.codingPath), reason: reason)
        @unknown default:
            self.init(path: "", reason: "decoding failed")
        }
    }
}
