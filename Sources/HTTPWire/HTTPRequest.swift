import Foundation

/// One HTTP/1.x request as the server read it off the wire.
package struct HTTPRequest: Sendable {
    /// The method, such as `GET`.
    package let method: String
    /// The request target as sent: the path, percent-encoded, with its query.
    package let target: String
    /// Whether the version is HTTP/1.0, whose connections close unless asked to stay open.
    package let isHTTP10: Bool
    /// The header fields in the order sent, names as sent.
    package let headers: [(name: String, value: String)]
    /// The body, decoded from chunks when it came chunked.
    package let body: Data

    /// A request as read.
    /// - Parameters:
    ///   - method: The method.
    ///   - target: The request target as sent.
    ///   - isHTTP10: Whether the version is HTTP/1.0.
    ///   - headers: The header fields in the order sent.
    ///   - body: The body.
    package init(
        method: String, target: String, isHTTP10: Bool = false, headers: [(name: String, value: String)] = [],
        body: Data = Data()
    ) {
        self.method = method
        self.target = target
        self.isHTTP10 = isHTTP10
        self.headers = headers
        self.body = body
    }

    /// The path part of the target, as sent.
    package var path: Substring {
        // Found as bytes: a search by Character cost every request a few percent.
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target[...] }
        return target[..<mark]
    }

    /// The query part of the target, without its `?`; `nil` when there is none.
    package var query: Substring? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return target[target.utf8.index(after: mark)...]
    }

    /// The first value of a header, by name ignoring case.
    /// - Parameter name: The header's name.
    /// - Returns: Its value, or `nil`.
    package func header(_ name: String) -> String? {
        headers.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two header names are the same, ignoring ASCII case, without making a string:
    /// a request's fields are looked up several times on every request.
    /// - Parameters:
    ///   - a: One name.
    ///   - b: The other.
    /// - Returns: `true` when they are the same name.
    package static func sameName(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        for (x, y) in zip(a.utf8, b.utf8) where x != y {
            // Letters differ by 0x20 between cases; anything else must be equal.
            guard x | 0x20 == y | 0x20, (0x61...0x7A).contains(x | 0x20) else { return false }
        }
        return true
    }

    /// Whether the connection stays open after the answer.
    package var keepsAlive: Bool {
        guard let connection = header("Connection")?.lowercased() else { return !isHTTP10 }
        if isHTTP10 { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}
