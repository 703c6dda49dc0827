import Foundation

/// The request a client must send.
struct RequestExpectation: Sendable {
    /// The HTTP method, such as `GET`.
    var method: Located<String>?
    /// The URL's path, percent-decoded.
    var path: Located<String>?
    /// The query items with a value, by name.
    var query: Located<[String: String]>?
    /// The names of the query items written `true`: sent with any value (a hole).
    var freeQuery: Set<String> = []
    /// The headers the client must set, in the order written; other headers are the client's own.
    var headers: [Header] = []
    /// The JSON body the client must send, when the contract states one.
    var body: Body?

    /// The path's holes (`/3/movie/{id}`); `nil` when it has none and is matched exactly.
    var pathTemplate: PathTemplate? { path.flatMap { PathTemplate($0.value) } }

    /// The methods a contract may state: what clients send to a JSON API.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    /// One header the client must set. Names compare without regard to case.
    struct Header: Sendable, Equatable {
        /// The name as the contract writes it.
        var name: String
        /// The value, or `nil` for presence alone (`"Authorization": true`): a secret's value is
        /// never written.
        var value: String?
        /// Where the value is written.
        var position: SourcePosition
        /// For a flow's exchange, the earlier response the value comes from (a refreshed token):
        /// the client must send a value holding it. Its value is never written or shown.
        var echo: Echo?
    }

    /// A header value a flow's client must take from an earlier exchange's response body
    /// (`{"fromExchange": 2, "path": "access_token"}`).
    struct Echo: Sendable, Equatable {
        /// The earlier exchange, counted from 1.
        var exchange: Int
        /// Where in that response's JSON body the value is.
        var path: JSONPath
        /// The path as the contract writes it.
        var written: String
    }

    /// The body the client must send: JSON written in the contract, or a fixture holding it.
    enum Body: Sendable {
        /// `"body"`: the JSON as the contract writes it, positions in the contract.
        case inline(JSONNode)
        /// `"bodyFixture"`: a path relative to the fixtures folder, the file it resolves to, and
        /// where the path is written.
        case fixture(path: String, file: String, position: SourcePosition)

        /// Where the contract states the body.
        var position: SourcePosition {
            switch self {
            case .inline(let node): node.position
            case .fixture(_, _, let position): position
            }
        }
    }
}
