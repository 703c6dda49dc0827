import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on a loopback address, for the live features' tests: canned answers
/// by path, a log of the requests it received, a thread a connection. It listens on port 0 (the
/// system picks a free one) and stops when `stop()` is called or it is released.
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
    package private(set) var port: UInt16 = 0
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Route]
    private var log: [Request] = []
    private var connections: Set<Int32> = []
    private var stopped = false

    /// Starts a server.
    /// - Parameters:
    ///   - host: The loopback address to listen on, `127.0.0.1` by default.
    ///   - routes: The answer for each path (the target without its query is tried after the whole target).
    package init(host: String = "127.0.0.1", routes: [String: Route] = [:]) throws {
        self.host = host
        self.routes = routes
        // SOCK_STREAM is an enum in Glibc and an Int32 in Darwin.
        #if canImport(Darwin)
            listener = socket(AF_INET, SOCK_STREAM, 0)
        #else
            listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard listener >= 0 else { throw ServerError("socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_port = 0
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw ServerError("not an IPv4 address: \(host)")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw ServerError("cannot listen on \(host): \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// `http://HOST:PORT/`.
    package var baseURL: URL { URL(string: "http://\(host):\(port)/")! }

    /// The requests received so far, in order.
    package var requests: [Request] { lock.withLock { log } }

    /// Replaces or adds the answer for a path.
    package func route(_ path: String, _ route: Route) {
        lock.withLock { routes[path] = route }
    }

    /// Stops listening and closes every open connection.
    ///
    /// Descriptors are only shut down here, under the lock, and closed by the threads that use
    /// them: a descriptor closed here could be reused at once by another test's socket in the same
    /// process (a tool run in-process, another server), which the accept loop or a later shutdown
    /// would then act on, dropping a stranger's connection.
    package func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        // The only place the listener is closed, so no accept ever runs on a reused descriptor.
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let accepted: Bool = lock.withLock {
                guard !stopped else { return false }
                connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            lock.withLock {
                _ = connections.remove(connection)
                close(connection)
            }
        }
        var noSignal: Int32 = 1
        #if canImport(Darwin)
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #else
            _ = noSignal
        #endif
        guard let request = readRequest(connection) else { return }
        let route: Route? = lock.withLock {
            log.append(request)
            let path = String(request.target.prefix { $0 != "?" })
            return routes[request.target] ?? routes[path]
        }
        switch route ?? .json(#"{"status":404,"message":"Not Found"}"#, status: 404) {
        case .respond(let status, let headers, let body):
            var head =
                "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            send(connection, Data((head + "\r\n").utf8) + body)
        case .hang:
            // Held open until stop() shuts the connection down, which ends this read.
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
        case .announce(let total):
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(total)\r\nConnection: close\r\n\r\n["
            guard send(connection, Data(head.utf8)) else { return }
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
        case .stream(let total):
            guard
                send(
                    connection,
                    Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8))
            else { return }
            let chunk = Data(repeating: UInt8(ascii: " "), count: 1 << 16)
            var sent = 0
            while sent < total, send(connection, chunk) {
                sent += chunk.count
            }
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Data("\r\n\r\n".utf8)
        while data.range(of: end) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[..<count])
            if data.count > 1 << 20 { return nil }
        }
        let head = String(decoding: data[..<(data.range(of: end)?.lowerBound ?? data.endIndex)], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    /// Writes everything; `false` once the client has gone.
    @discardableResult
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.send(
                        connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let written = Darwin.send(connection, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #endif
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
