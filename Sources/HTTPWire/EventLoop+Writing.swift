import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to a connection: answers sent and faults carried out, bytes flushed as the socket takes
/// them, and the close once everything is written.
extension EventLoop {
    func deliver(
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
            if connections[connection.descriptor] === connection, connection.closeAfterWrite, !connection.hasOutput {
                finish(connection)
            }
        case .fault(let fault):
            log(
                HTTPServer.Exchange(
                    request: request, status: nil, fault: fault, bodyCount: 0, milliseconds: elapsed, note: answer.note)
            )
            carryOut(fault, on: connection)
        case .partial(let bytes, let fault):
            log(
                HTTPServer.Exchange(
                    request: request, status: nil, fault: fault, bodyCount: bytes.count, milliseconds: elapsed,
                    note: answer.note))
            switch fault {
            case .closed:
                connection.closeAfterWrite = true
                send(bytes, on: connection)
            case .reset:
                send(bytes, on: connection)
                if connections[connection.descriptor] === connection { carryOut(.reset, on: connection) }
            case .silence:
                connection.silentUntil = Self.now() + timeouts.silence
                connection.input.removeAll()
                send(bytes, on: connection)
            }
        case .later(let work):
            // Reading made it off the thread already; one handed on from there is made here.
            deliver(work(), for: request, on: connection, received: received)
        }
    }

    /// Breaks a connection the way a network fails, instead of answering.
    private func carryOut(_ fault: WireFault, on connection: Connection) {
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

    /// Answers bytes that can never become a request, then closes.
    func refuse(_ connection: Connection, status: Int, reason: String) {
        let body = "{\"error\":\(HTTPAnswer.jsonString(reason))}\n"
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
        if connections[connection.descriptor] === connection, !connection.hasOutput { finish(connection) }
    }

    func send(_ bytes: [UInt8], on connection: Connection) {
        if connection.hasOutput {
            // What the client took is let go, so a slow reader holds at most the bound and an answer.
            connection.output.removeFirst(connection.written)
            connection.written = 0
            connection.output.append(contentsOf: bytes)
        } else {
            connection.output = bytes
            connection.written = 0
            connection.lastProgress = Self.now()
        }
        flush(connection)
    }

    func flush(_ connection: Connection) {
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
            if count > 0 { connection.lastProgress = connection.lastActivity }
        }
        connection.output.removeAll(keepingCapacity: true)
        connection.written = 0
        if connection.closeAfterWrite && connection.pending == nil { finish(connection) }
    }

    /// Ends a connection whose answers are written: shut for writing, then read until the client
    /// closes (briefly), so the kernel does not turn unread bytes into a reset that loses the answer.
    func finish(_ connection: Connection) {
        guard connection.drainingUntil == nil else { return }
        if connection.peerClosed {
            drop(connection)
            return
        }
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.drainingUntil = Self.now() + 1
        connection.input.removeAll()
    }
}

#if canImport(Darwin)
    private typealias SocketLinger = Darwin.linger
#else
    private typealias SocketLinger = Glibc.linger
#endif
