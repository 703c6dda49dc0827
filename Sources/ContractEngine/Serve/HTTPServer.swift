import Foundation
import HTTPStub

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on the platform's sockets: one thread polls every connection, reads
/// requests within the parser's limits, and writes what the handler answers, in order, keeping
/// connections alive. Handlers run on that thread and must not block: answers are values, delays
/// and faults are the server's to carry out.
final class HTTPServer: Sendable {
    /// How long connections may stay idle or slow.
    struct Timeouts: Sendable {
        /// A connection with no request under way is closed after this long.
        var idle: TimeInterval = 30
        /// A request must arrive whole within this long of its first byte, and an answer must be
        /// taken by the client within this long; otherwise the connection is closed.
        var request: TimeInterval = 10
        /// The longest a `silence` fault holds a connection open.
        var silence: TimeInterval = 300
    }

    /// What the server reports of each answered request.
    struct Exchange: Sendable {
        let request: HTTPRequest?
        let status: Int?
        let fault: WireFault?
        let bodyCount: Int
        let milliseconds: Double
        let note: String
    }

    /// Answers a request.
    typealias Handler = @Sendable (HTTPRequest) -> HTTPAnswer

    /// The port the server listens on.
    let port: Int
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let stopped = DispatchSemaphore(value: 0)
    private let state = Locked(RunState())

    private struct RunState {
        var stopping = false
        var running = true
    }

    /// The most connections open at once; more wait in the listen queue.
    static let connectionLimit = 2048

    struct StartError: Error, Sendable {
        let reason: String
    }

    /// Listens on an address and starts serving.
    /// - Parameters:
    ///   - host: An IPv4 address, such as `127.0.0.1`.
    ///   - port: The port; 0 for a free one.
    ///   - timeouts: The idle and slow-connection timeouts.
    ///   - handler: Answers each request.
    ///   - log: Receives each exchange once it is done.
    /// - Throws: `StartError` when the address cannot be listened on.
    init(
        host: String, port: Int, timeouts: Timeouts = Timeouts(), handler: @escaping Handler,
        log: @escaping @Sendable (Exchange) -> Void
    ) throws(StartError) {
        Self.raiseDescriptorLimit()
        #if canImport(Darwin)
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard listener >= 0 else { throw StartError(reason: "cannot open a socket: \(Self.describe(errno))") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(listener)
            throw StartError(reason: "\(JSONValue.quote(host)) is not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 1024) == 0 else {
            let reason = Self.describe(errno)
            close(listener)
            throw StartError(reason: "cannot listen on \(host):\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(listener)
            throw StartError(reason: "cannot make a pipe: \(Self.describe(errno))")
        }
        Self.makeNonBlocking(listener)
        Self.makeNonBlocking(ends[0])
        Self.makeNonBlocking(ends[1])
        self.listener = listener
        self.wake = (ends[0], ends[1])
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let loop = EventLoop(
            listener: listener, wake: ends[0], timeouts: timeouts, handler: handler, log: log,
            isStopping: { [state] in state.withLock { $0.stopping } })
        let stopped = stopped
        let thread = Thread {
            loop.run()
            stopped.signal()
        }
        thread.name = "dogpatch-contracts.serve"
        thread.start()
    }

    /// Stops listening, closes every connection and waits for the loop to end.
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        stopped.wait()
        close(wake.write)
    }

    /// Raises the soft limit on open files towards the hard one, so a server holds its connections
    /// where the default is low (256 on macOS).
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        #if canImport(Darwin)
            let resource = RLIMIT_NOFILE
        #else
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #endif
        guard getrlimit(resource, &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, rlim_t(connectionLimit + 256))
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(resource, &limit)
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func makeNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }
}
