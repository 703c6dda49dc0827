/// The request a client must send.
struct RequestExpectation: Sendable {
    /// The HTTP method, such as `GET`.
    var method: Located<String>?
    /// The URL's path, percent-decoded.
    var path: Located<String>?
    /// The exact query items, by name.
    var query: Located<[String: String]>?
}
