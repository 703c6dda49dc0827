import ContractEngine
import Foundation
import HTTPStub

/// SIGINT, SIGTERM (and SIGHUP, SIGQUIT) for a command that runs until it is stopped: once it
/// listens, the first signal is its to take (it then stops cleanly and exits 0) and SIGPIPE is
/// ignored; a second signal, or one while nobody listens, ends the process as `SignalCleanup` does.
final class Interruption: Sendable {
    private struct State {
        var listening = false
        var received: Int32?
        var waiting: CheckedContinuation<Int32, Never>?
    }

    private let state = Locked(State())

    /// From now on the first signal is held for `wait()`.
    func listen() {
        state.withLock { $0.listening = true }
    }

    /// Waits for SIGINT or SIGTERM, after `listen()`.
    /// - Returns: The signal's number.
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let received: Int32? = state.withLock { state in
                if let received = state.received { return received }
                state.waiting = continuation
                return nil
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    /// Hands a signal to the listening command.
    /// - Parameter number: The signal.
    /// - Returns: Whether a command took it; `false` when the process should end by it.
    func deliver(_ number: Int32) -> Bool {
        // A reader of the log that went away is no reason to stop serving: the write fails instead.
        if number == SIGPIPE, state.withLock({ $0.listening }) { return true }
        let (taken, continuation): (Bool, CheckedContinuation<Int32, Never>?) = state.withLock { state in
            guard state.listening, state.received == nil else { return (false, nil) }
            state.received = number
            defer { state.waiting = nil }
            return (true, state.waiting)
        }
        continuation?.resume(returning: number)
        return taken
    }
}
