import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a connection: its bytes, and the whole requests they hold, answered in order.
extension EventLoop {
    /// The most answered bytes a connection may hold unsent before no more of its requests are
    /// answered (one large answer still goes out whole).
    static let outputBound = 256 * 1024

    func read(_ connection: Connection, into buffer: inout [UInt8]) {
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
            if connections[connection.descriptor] === connection, !connection.hasOutput, connection.pending == nil {
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
    func process(_ connection: Connection) {
        // Back-pressure: no request is answered while the client has not taken the answers already
        // sent past a bound; its input then fills, and the connection is not read until it drains.
        while connection.pending == nil, connection.silentUntil == nil, connection.drainingUntil == nil,
            !connection.closeAfterWrite || connection.peerClosed, !connection.input.isEmpty,
            connection.unsent <= Self.outputBound
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
                if case .later(let work) = answer.kind {
                    // Made off the thread; the connection's next requests wait behind it, as pipelining asks.
                    connection.pending = (answer, request, .infinity, received)
                    let (descriptor, serial, wake) = (connection.descriptor, connection.serial, wake)
                    DispatchQueue.global().async { wake.add(work(), descriptor: descriptor, serial: serial) }
                    return
                }
                if answer.delayMs > 0 {
                    connection.pending = (answer, request, received + TimeInterval(answer.delayMs) / 1000, received)
                    return
                }
                deliver(answer, for: request, on: connection, received: received)
                // A reset dropped the connection: what was pipelined behind it is never read,
                // answered or logged.
                if connections[connection.descriptor] !== connection { return }
            }
        }
    }
}
