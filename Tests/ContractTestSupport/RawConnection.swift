import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to a loopback server that sends exactly the bytes a test gives, for requests
/// no HTTP client would send. Every read waits at most `deadline` seconds.
package final class RawConnection {
    package let descriptor: Int32
    private var buffered: [UInt8] = []

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// A response read off the connection.
    package struct Response {
        package let status: Int
        package let headers: [(String, String)]
        package let body: Data

        package func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// How the connection ended.
    package enum Ending: Equatable {
        case closed
        case reset
        case stillOpen
    }

    package init(port: Int, deadline: TimeInterval = 5) throws {
        #if canImport(Darwin)
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: Int(deadline), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var yes: Int32 = 1
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        _ = yes
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends bytes; a peer that already closed is not an error here.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { raw -> Int in
                #if canImport(Darwin)
                    Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
                #else
                    Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #endif
            }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    @discardableResult
    package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Closes the sending side, keeping the receiving side open.
    package func shutdownWrite() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads more bytes; `nil` at the end of the stream, throws on a reset or when the deadline passes.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffered += chunk[0..<count]
            return true
        }
        if count == 0 { return false }
        if errno == ECONNRESET { throw Failure(description: "reset") }
        throw Failure(description: "no bytes before the deadline (errno \(errno))")
    }

    /// Sends a GET request for a path, with headers, and reads its response.
    package func get(_ path: String, headers: [String: String] = [:]) throws -> Response {
        var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        send(text + "\r\n")
        return try readResponse()
    }

    /// Reads one response (its body by `Content-Length`, or to the end for a response without one).
    package func readResponse(headRequest: Bool = false, interim: Bool = false) throws -> Response {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffered[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw Failure(description: "not a status line: \(head)")
                }
                let headers = lines.filter { !$0.isEmpty }.map { line -> (String, String) in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
                }
                let length =
                    headRequest || status == 204 || status == 304 || status < 200
                    ? 0
                    : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
                while buffered.count < end + 4 + length {
                    guard try fill() else { throw Failure(description: "closed inside a body") }
                }
                let body = Data(buffered[(end + 4)..<(end + 4 + length)])
                buffered.removeFirst(end + 4 + length)
                if status == 100 && !interim { continue }
                return Response(status: status, headers: headers, body: body)
            }
            guard try fill() else { throw Failure(description: "closed before a response") }
        }
    }

    private func headEnd() -> Int? {
        guard buffered.count >= 4 else { return nil }
        for index in 0...(buffered.count - 4)
        where buffered[index] == 13 && buffered[index + 1] == 10 && buffered[index + 2] == 13
            && buffered[index + 3] == 10
        {
            return index
        }
        return nil
    }

    /// Waits until the server closes the connection (or the deadline passes), discarding what comes.
    package func ending() -> Ending {
        while true {
            do {
                guard try fill() else { return .closed }
            } catch let failure as Failure {
                return failure.description == "reset" ? .reset : .stillOpen
            } catch {
                return .stillOpen
            }
        }
    }
}
