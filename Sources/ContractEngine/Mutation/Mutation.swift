import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One way a server's answer might differ from a case's: a key changed, the body broken, or the
/// transport failing. Its name is the result row's: `france › [*].area set to "a string"`.
enum Mutation: Sendable, Hashable {
    /// Every occurrence of a key the model reads, removed or given another value.
    case key(path: String, change: KeyChange)
    /// The body as a whole.
    case body(BodyChange)
    /// The same body with another status, or no answer at all.
    case transport(TransportChange)

    enum KeyChange: Sendable, Hashable {
        case removed
        case set(JSONKind)
    }

    enum BodyChange: Sendable, Hashable {
        case cutInHalf, empty, objectForArray, arrayForObject, htmlPage
    }

    enum TransportChange: Sendable, Hashable {
        case status(Int)
        case networkError(URLError.Code, name: String)
    }

    /// The value each kind is set to.
    static func sample(_ kind: JSONKind) -> JSONValue {
        switch kind {
        case .string: .string("a string")
        case .number: .number("12345")
        case .boolean: .bool(true)
        case .object: .object([])
        case .array: .array([])
        case .null: .null
        }
    }

    /// The page a misconfigured proxy answers with, status 200.
    static let htmlPage =
        "<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body><h1>Please try again later</h1></body></html>"

    /// How the result row names it.
    var name: String {
        switch self {
        case .key(let path, .removed): "\(path) removed"
        case .key(let path, .set(let kind)): "\(path) set to \(Self.sample(kind).jsonText)"
        case .body(.cutInHalf): "body cut in half"
        case .body(.empty): "empty body"
        case .body(.objectForArray): "{} where an array is expected"
        case .body(.arrayForObject): "[] where an object is expected"
        case .body(.htmlPage): "an HTML page with status 200"
        case .transport(.status(let status)): "status \(status)"
        case .transport(.networkError(_, let name)): "network error \(name)"
        }
    }
}
