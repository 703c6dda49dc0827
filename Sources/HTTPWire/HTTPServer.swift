import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on the platform's sockets: one thread polls every connection, reads
/// requests within the parser's limits, and writes what the handler answers, in order, keeping
/// connections alive. Handlers run on that thread and must not block: answers are values, delays
/// and faults are the server's to carry out.
package final class HTTPServer: @unchecked Sendable {
    /// How long connections may stay idle or slow.
    package struct Timeouts: Sendable {
        /// A connection with no request under way is closed after this long.
        package var idle: TimeInterval = 30
        /// A request must arrive whole within this long of its first byte, and an answer must be
        /// taken by the client within this long; otherwise the connection is closed.
        package var request: TimeInterval = 10
        /// The longest a `silence` fault holds a connection open.
        package var silence: TimeInterval = 300

        /// The timeouts.
        /// - Parameters:
        ///   - idle: How long a connection may stay idle.
        ///   - request: How long a request may take to arrive, and an answer to be taken.
        ///   - silence: The longest a `silence` fault holds a connection open.
        package init(idle: TimeInterval = 30, request: TimeInterval = 10, silence: TimeInterval = 300) {
            self.idle = idle
            self.request = request
            self.silence = silence
        }
    }

    /// What the server reports of each answered request.
    package struct Exchange: Sendable {
        /// The request; `nil` for bytes that never became one.
        package let request: HTTPRequest?
        /// The status sent; `nil` for a fault.
        package let status: Int?
        /// The fault served instead of a response.
        package let fault: WireFault?
        /// The bytes of body sent.
        package let bodyCount: Int
        /// From the whole request to the answer.
        package let milliseconds: Double
        /// What the handler said answered.
        package let note: String
    }

    /// Answers a request.
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPAnswer

    /// The port the server listens on.
    package let port: Int
    private let listener: Int32
    private let wake: WakePipe
    private let stopped = DispatchSemaphore(value: 0)
    // The wire knows no lock box of the package's: this flag alone is shared, under its lock.
    private let lock = NSLock()
    private var stopping = false

    /// The most connections open at once; more wait in the listen queue.
    static let connectionLimit = 2048

    package struct StartError: Error, Sendable {
        /// Why, in a sentence for a message.
        package let reason: String
    }

    /// Listens on an address and starts serving.
    /// - Parameters:
    ///   - host: An IPv4 address, such as `127.0.0.1`.
    ///   - port: The port; 0 for a free one.
    ///   - timeouts: The idle and slow-connection timeouts.
    ///   - handler: Answers each request.
    ///   - log: Receives each exchange once it is done.
    /// - Throws: `StartError` when the address cannot be listened on.
    package init(
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
            throw StartError(reason: "\"\(host)\" is not an IPv4 address")
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
        let wake = WakePipe(readEnd: ends[0], writeEnd: ends[1])
        self.wake = wake
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let loop = EventLoop(
            listener: listener, wake: wake, timeouts: timeouts, handler: handler, log: log,
            isStopping: { [self] in lock.withLock { stopping } })
        let stopped = stopped
        let thread = Thread {
            loop.run()
            stopped.signal()
        }
        thread.name = "dogpatch-contracts.serve"
        thread.start()
    }

    /// Stops listening, closes every connection and waits for the loop to end.
    package func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        wake.ring()
        stopped.wait()
        wake.close()
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
