/// The request a client must send.
package struct RequestExpectation: Sendable {
    /// The HTTP method, such as `GET`.
    package var method: Located<String>?
    /// The URL's path, percent-decoded.
    package var path: Located<String>?
    /// The exact query items, by name.
    package var query: Located<[String: String]>?
}
