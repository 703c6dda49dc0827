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

/// The server's one thread: its connections and what each is doing. Touched by that thread alone.
private final class EventLoop: @unchecked Sendable {
    private let listener: Int32
    private let wake: Int32
    private let timeouts: HTTPServer.Timeouts
    private let handler: HTTPServer.Handler
    private let log: @Sendable (HTTPServer.Exchange) -> Void
    private let isStopping: @Sendable () -> Bool
    private var connections: [Int32: Connection] = [:]
    /// Out of file descriptors: accepting waits until then, rather than spinning on the listener.
    private var acceptPausedUntil: TimeInterval = 0

    init(
        listener: Int32, wake: Int32, timeouts: HTTPServer.Timeouts, handler: @escaping HTTPServer.Handler,
        log: @escaping @Sendable (HTTPServer.Exchange) -> Void, isStopping: @escaping @Sendable () -> Bool
    ) {
        self.listener = listener
        self.wake = wake
        self.timeouts = timeouts
        self.handler = handler
        self.log = log
        self.isStopping = isStopping
    }

    /// One connection's state.
    private final class Connection {
        let descriptor: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        var lastActivity: TimeInterval
        /// When the first byte of the request being read arrived.
        var requestStarted: TimeInterval?
        /// An answer waiting for its delay.
        var pending: (answer: HTTPAnswer, request: HTTPRequest, due: TimeInterval, received: TimeInterval)?
        /// Held open by a `silence` fault until this time or the client's close.
        var silentUntil: TimeInterval?
        /// Close once the output is written.
        var closeAfterWrite = false
        /// Written out and shut for writing: reading what is left until the client closes.
        var drainingUntil: TimeInterval?
        var sentContinue = false
        var peerClosed = false

        init(descriptor: Int32, now: TimeInterval) {
            self.descriptor = descriptor
            self.lastActivity = now
        }

        var hasOutput: Bool { written < output.count }
    }

    private static func now() -> TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1e9
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopping() {
            var descriptors: [pollfd] = []
            descriptors.reserveCapacity(connections.count + 2)
            descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
            let accepting = connections.count < HTTPServer.connectionLimit && Self.now() >= acceptPausedUntil
            descriptors.append(pollfd(fd: listener, events: accepting ? Int16(POLLIN) : 0, revents: 0))
            var nearest = Self.now() + 0.25
            for connection in connections.values {
                var events: Int16 = 0
                if !connection.peerClosed
                    && connection.input.count <= HTTPParser.headerLimit + HTTPParser.bodyLimit + 8192
                {
                    events |= Int16(POLLIN)
                }
                if connection.hasOutput { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                if let pending = connection.pending { nearest = min(nearest, pending.due) }
            }
            let wait = max(0, Int32(((nearest - Self.now()) * 1000).rounded(.up)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 && errno != EINTR { break }
            if isStopping() { break }
            if ready > 0 {
                if descriptors[1].revents & Int16(POLLIN) != 0 { acceptAll() }
                for entry in descriptors.dropFirst(2) where entry.revents != 0 {
                    guard let connection = connections[entry.fd] else { continue }
                    if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                        read(connection, into: &buffer)
                    }
                    if connections[entry.fd] != nil, entry.revents & Int16(POLLOUT) != 0 { flush(connection) }
                }
            }
            tick()
        }
        for connection in connections.values { close(connection.descriptor) }
        connections.removeAll()
        close(listener)
        close(wake)
    }

    private func acceptAll() {
        while connections.count < HTTPServer.connectionLimit {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                if errno == EMFILE || errno == ENFILE { acceptPausedUntil = Self.now() + 0.05 }
                return
            }
            HTTPServer.makeNonBlocking(descriptor)
            var yes: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
                setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            connections[descriptor] = Connection(descriptor: descriptor, now: Self.now())
        }
    }

    private func read(_ connection: Connection, into buffer: inout [UInt8]) {
        let count = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            drop(connection)
            return
        }
        if count == 0 {
            // The client closed (or half-closed) its side: answer what is whole, then close.
            connection.peerClosed = true
            if connection.drainingUntil != nil || connection.silentUntil != nil {
                drop(connection)
                return
            }
            connection.closeAfterWrite = true
            process(connection)
            if connections[connection.descriptor] != nil, !connection.hasOutput, connection.pending == nil {
                drop(connection)
            }
            return
        }
        connection.lastActivity = Self.now()
        if connection.drainingUntil != nil || connection.silentUntil != nil { return }
        if connection.requestStarted == nil { connection.requestStarted = connection.lastActivity }
        connection.input.append(contentsOf: buffer[0..<count])
        process(connection)
    }

    /// Answers the whole requests the connection holds, in order, until one waits for its delay.
    private func process(_ connection: Connection) {
        while connection.pending == nil, connection.silentUntil == nil, connection.drainingUntil == nil,
            !connection.closeAfterWrite || connection.peerClosed, !connection.input.isEmpty
        {
            let (step, parsed) = HTTPParser.parse(connection.input[...])
            switch step {
            case .incomplete(let expectsContinue):
                if expectsContinue && !connection.sentContinue {
                    connection.sentContinue = true
                    send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: connection)
                }
                if connection.peerClosed { connection.input.removeAll() }
                return
            case .refused(let status, let reason):
                connection.input.removeAll()
                refuse(connection, status: status, reason: reason)
                return
            case .request(let length):
                connection.input.removeFirst(length)
                connection.sentContinue = false
                connection.requestStarted = connection.input.isEmpty ? nil : Self.now()
                guard let request = parsed else { return }
                let received = Self.now()
                let answer = handler(request)
                if answer.delayMs > 0 {
                    connection.pending = (answer, request, received + TimeInterval(answer.delayMs) / 1000, received)
                    return
                }
                deliver(answer, for: request, on: connection, received: received)
            }
        }
    }

    private func deliver(
        _ answer: HTTPAnswer, for request: HTTPRequest, on connection: Connection, received: TimeInterval
    ) {
        let elapsed = (Self.now() - received) * 1000
        switch answer.kind {
        case .response(let status, let bytes, let bodyCount):
            if !request.keepsAlive { connection.closeAfterWrite = true }
            // A HEAD is answered with the head alone, its Content-Length the GET's.
            send(request.method == "HEAD" ? Array(bytes.dropLast(bodyCount)) : bytes, on: connection)
            log(
                HTTPServer.Exchange(
                    request: request, status: status, fault: nil, bodyCount: bodyCount, milliseconds: elapsed,
                    note: answer.note))
            if connections[connection.descriptor] != nil, connection.closeAfterWrite, !connection.hasOutput {
                finish(connection)
            }
        case .fault(let fault):
            log(
                HTTPServer.Exchange(
                    request: request, status: nil, fault: fault, bodyCount: 0, milliseconds: elapsed, note: answer.note)
            )
            switch fault {
            case .closed:
                shutdown(connection.descriptor, Int32(SHUT_WR))
                connection.drainingUntil = Self.now() + 1
                connection.input.removeAll()
            case .reset:
                var linger = SocketLinger(l_onoff: 1, l_linger: 0)
                setsockopt(
                    connection.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<SocketLinger>.size))
                drop(connection)
            case .silence:
                connection.silentUntil = Self.now() + timeouts.silence
                connection.input.removeAll()
            }
        }
    }

    /// Answers bytes that can never become a request, then closes.
    private func refuse(_ connection: Connection, status: Int, reason: String) {
        let body = "{\"error\":\(JSONValue.quote(reason))}\n"
        let answer = HTTPAnswer.response(
            status: status,
            headers: [("Content-Type", "application/json; charset=utf-8"), ("Connection", "close")],
            body: Data(body.utf8), note: reason)
        connection.closeAfterWrite = true
        if case .response(_, let bytes, let count) = answer.kind {
            send(bytes, on: connection)
            log(
                HTTPServer.Exchange(
                    request: nil, status: status, fault: nil, bodyCount: count, milliseconds: 0, note: reason))
        }
        if connections[connection.descriptor] != nil, !connection.hasOutput { finish(connection) }
    }

    private func send(_ bytes: [UInt8], on connection: Connection) {
        if connection.hasOutput {
            connection.output.append(contentsOf: bytes)
        } else {
            connection.output = bytes
            connection.written = 0
        }
        flush(connection)
    }

    private func flush(_ connection: Connection) {
        while connection.hasOutput {
            let count = connection.output.withUnsafeBytes { raw -> Int in
                let start = raw.baseAddress.map { $0 + connection.written }
                #if canImport(Darwin)
                    return Darwin.send(connection.descriptor, start, raw.count - connection.written, 0)
                #else
                    return Glibc.send(connection.descriptor, start, raw.count - connection.written, Int32(MSG_NOSIGNAL))
                #endif
            }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
                drop(connection)
                return
            }
            connection.written += count
            connection.lastActivity = Self.now()
        }
        connection.output.removeAll(keepingCapacity: true)
        connection.written = 0
        if connection.closeAfterWrite && connection.pending == nil { finish(connection) }
    }

    /// Ends a connection whose answers are written: shut for writing, then read until the client
    /// closes (briefly), so the kernel does not turn unread bytes into a reset that loses the answer.
    private func finish(_ connection: Connection) {
        guard connection.drainingUntil == nil else { return }
        if connection.peerClosed {
            drop(connection)
            return
        }
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.drainingUntil = Self.now() + 1
        connection.input.removeAll()
    }

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.descriptor) != nil else { return }
        close(connection.descriptor)
    }

    /// Delivers delayed answers that are due and closes idle, slow and finished connections.
    private func tick() {
        let now = Self.now()
        for connection in Array(connections.values) {
            if let pending = connection.pending, pending.due <= now {
                connection.pending = nil
                deliver(pending.answer, for: pending.request, on: connection, received: pending.received)
                if connections[connection.descriptor] != nil { process(connection) }
                continue
            }
            if let until = connection.drainingUntil {
                if until <= now { drop(connection) }
                continue
            }
            if let until = connection.silentUntil {
                if until <= now { drop(connection) }
                continue
            }
            if connection.pending != nil { continue }
            if connection.hasOutput {
                if now - connection.lastActivity > timeouts.request { drop(connection) }
            } else if let started = connection.requestStarted {
                if now - started > timeouts.request { drop(connection) }
            } else if now - connection.lastActivity > timeouts.idle {
                drop(connection)
            }
        }
    }
}

#if canImport(Darwin)
    private typealias SocketLinger = Darwin.linger
#else
    private typealias SocketLinger = Glibc.linger
#endif
