import Foundation
import HTTPWire

/// A small HTTP/1.1 server on a loopback address, for the live features' tests: canned answers
/// by path and a log of the requests it received, on the same wire as `serve` (`HTTPWire`). It
/// listens on port 0 (the system picks a free one) and stops when `stop()` is called or it is
/// released.
package final class LoopbackServer: @unchecked Sendable {
    /// How the server answers a path.
    package enum Route: Sendable {
        /// A status, headers and a body (sent with its `Content-Length`).
        case respond(status: Int, headers: [(String, String)] = [("Content-Type", "application/json")], body: Data)
        /// Never answers: the connection stays open until the server stops.
        case hang
        /// Sends `bytes` of body with no `Content-Length`, in chunks, until done or the client goes away.
        case stream(bytes: Int)
        /// Announces a `Content-Length` of `bytes`, sends a little of it, and then holds the
        /// connection open until the server stops: only the announcement can end the exchange.
        case announce(bytes: Int)

        package static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Route {
            .respond(
                status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
                body: Data(text.utf8))
        }

        package static func redirect(to location: String, status: Int = 302) -> Route {
            .respond(status: status, headers: [("Location", location)], body: Data())
        }
    }

    /// One request as received.
    package struct Request: Sendable {
        package let method: String
        /// The path and query, as sent: `/v3.1/name/peru?fullText=true`.
        package let target: String
        package let headers: [String: String]

        package func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    package let host: String
    package let port: UInt16
    private let server: HTTPServer
    private let state: State

    /// The routes and the log, shared with the wire's thread.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var routes: [String: Route]
        var log: [Request] = []

        init(routes: [String: Route]) { self.routes = routes }
    }

    /// Starts a server.
    /// - Parameters:
    ///   - host: The loopback address to listen on, `127.0.0.1` by default.
    ///   - routes: The answer for each path (the target without its query is tried after the whole target).
    package init(host: String = "127.0.0.1", routes: [String: Route] = [:]) throws {
        self.host = host
        let state = State(routes: routes)
        self.state = state
        do throws(HTTPServer.StartError) {
            // A hanging route is held until the server stops, however long the test.
            server = try HTTPServer(
                host: host, port: 0, timeouts: HTTPServer.Timeouts(idle: 300, request: 300, silence: 3600),
                handler: { request in Self.answer(request, state: state) }, log: { _ in })
        } catch {
            throw ServerError(error.reason)
        }
        port = UInt16(clamping: server.port)
    }

    deinit { stop() }

    /// `http://HOST:PORT/`.
    package var baseURL: URL { URL(string: "http://\(host):\(port)/")! }

    /// The requests received so far, in order.
    package var requests: [Request] { state.lock.withLock { state.log } }

    /// Replaces or adds the answer for a path.
    package func route(_ path: String, _ route: Route) {
        state.lock.withLock { state.routes[path] = route }
    }

    /// Stops listening and closes every open connection.
    package func stop() {
        server.stop()
    }

    /// The answer for a request: its route's, or a JSON 404.
    private static func answer(_ request: HTTPRequest, state: State) -> HTTPAnswer {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name] = field.value }
        let route: Route? = state.lock.withLock {
            state.log.append(Request(method: request.method, target: request.target, headers: headers))
            return state.routes[request.target] ?? state.routes[String(request.path)]
        }
        switch route ?? .json(#"{"status":404,"message":"Not Found"}"#, status: 404) {
        case .respond(let status, let headers, let body):
            return .response(status: status, headers: headers, body: body, note: "")
        case .hang:
            return HTTPAnswer(kind: .fault(.silence), note: "")
        case .announce(let total):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(total)\r\n\r\n["
            return HTTPAnswer(kind: .partial(bytes: Array(head.utf8), then: .silence), note: "")
        case .stream(let total):
            // A body that ends when the connection does: no Content-Length, the connection closed.
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            return HTTPAnswer(
                kind: .partial(
                    bytes: Array(head.utf8) + [UInt8](repeating: UInt8(ascii: " "), count: total), then: .closed),
                note: "")
        }
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
