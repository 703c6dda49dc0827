import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How other threads reach the server's thread: a pipe it polls, and the answers made off the
/// thread (`later`) waiting to be delivered. Once closed, nothing more is written to the pipe, so
/// work that ends after the server stopped never writes to a descriptor reused since.
final class WakePipe: @unchecked Sendable {
    /// The end the server's thread polls.
    let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var closed = false
    private var answers: [(descriptor: Int32, serial: Int, answer: HTTPAnswer)] = []

    init(readEnd: Int32, writeEnd: Int32) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// Wakes the server's thread.
    func ring() {
        lock.withLock { ringLocked() }
    }

    /// Hands an answer made off the thread to the server's thread, for the connection that asked.
    func add(_ answer: HTTPAnswer, descriptor: Int32, serial: Int) {
        lock.withLock {
            guard !closed else { return }
            answers.append((descriptor, serial, answer))
            ringLocked()
        }
    }

    /// Empties the pipe and takes the answers waiting; on the server's thread.
    func take() -> [(descriptor: Int32, serial: Int, answer: HTTPAnswer)] {
        var bytes = [UInt8](repeating: 0, count: 256)
        #if canImport(Darwin)
            while bytes.withUnsafeMutableBytes({ Darwin.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        #else
            while bytes.withUnsafeMutableBytes({ Glibc.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        #endif
        return lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }

    /// Closes the writing end; the server's thread closes the reading end when it ends.
    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            answers.removeAll()
            #if canImport(Darwin)
                _ = Darwin.close(writeEnd)
            #else
                _ = Glibc.close(writeEnd)
            #endif
        }
    }

    private func ringLocked() {
        guard !closed else { return }
        var byte: UInt8 = 1
        #if canImport(Darwin)
            _ = Darwin.write(writeEnd, &byte, 1)
        #else
            _ = Glibc.write(writeEnd, &byte, 1)
        #endif
    }
}
