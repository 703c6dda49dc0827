import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one thread: its connections and what each is doing. Touched by that thread alone.
final class EventLoop: @unchecked Sendable {
    private let listener: Int32
    let wake: WakePipe
    let timeouts: HTTPServer.Timeouts
    let handler: HTTPServer.Handler
    let log: @Sendable (HTTPServer.Exchange) -> Void
    private let isStopping: @Sendable () -> Bool
    var connections: [Int32: Connection] = [:]
    /// Out of file descriptors: accepting waits until then, rather than spinning on the listener.
    private var acceptPausedUntil: TimeInterval = 0

    init(
        listener: Int32, wake: WakePipe, timeouts: HTTPServer.Timeouts, handler: @escaping HTTPServer.Handler,
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
    /// The serial the next connection gets, so an answer made later never reaches a connection
    /// that took the descriptor of the one that asked.
    private var nextSerial = 0

    final class Connection {
        let descriptor: Int32
        /// Which connection this is, of all the server accepted.
        let serial: Int
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        var lastActivity: TimeInterval
        /// When the output last moved: a write took bytes, or there was none to write.
        var lastProgress: TimeInterval
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

        init(descriptor: Int32, serial: Int, now: TimeInterval) {
            self.descriptor = descriptor
            self.serial = serial
            self.lastActivity = now
            self.lastProgress = now
        }

        var hasOutput: Bool { written < output.count }
        /// The bytes answered and not yet taken by the client.
        var unsent: Int { output.count - written }
    }

    static func now() -> TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1e9
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopping() {
            var descriptors: [pollfd] = []
            descriptors.reserveCapacity(connections.count + 2)
            descriptors.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0))
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
            if ready > 0, descriptors[0].revents & Int16(POLLIN) != 0 { deliverLater() }
            if ready > 0 {
                if descriptors[1].revents & Int16(POLLIN) != 0 { acceptAll() }
                for entry in descriptors.dropFirst(2) where entry.revents != 0 {
                    guard let connection = connections[entry.fd] else { continue }
                    if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                        read(connection, into: &buffer)
                    }
                    if connections[entry.fd] != nil, entry.revents & Int16(POLLOUT) != 0 {
                        flush(connection)
                        // Room again under the output bound: the requests waiting behind it.
                        if connections[entry.fd] != nil, !connection.input.isEmpty { process(connection) }
                    }
                }
            }
            tick()
        }
        for connection in connections.values { close(connection.descriptor) }
        connections.removeAll()
        close(listener)
        close(wake.readEnd)
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
            nextSerial += 1
            connections[descriptor] = Connection(descriptor: descriptor, serial: nextSerial, now: Self.now())
        }
    }

    /// Delivers the answers made off the thread to the connections still waiting for them.
    private func deliverLater() {
        for done in wake.take() {
            guard let connection = connections[done.descriptor], connection.serial == done.serial,
                let pending = connection.pending
            else { continue }
            connection.pending = nil
            deliver(done.answer, for: pending.request, on: connection, received: pending.received)
            if connections[connection.descriptor] === connection { process(connection) }
        }
    }

    func drop(_ connection: Connection) {
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
                if connections[connection.descriptor] === connection { process(connection) }
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
                // Output that made no progress: a client that does not read, however much it sends.
                if now - connection.lastProgress > timeouts.request { drop(connection) }
            } else if let started = connection.requestStarted {
                if now - started > timeouts.request { drop(connection) }
            } else if now - connection.lastActivity > timeouts.idle {
                drop(connection)
            }
        }
    }
}
