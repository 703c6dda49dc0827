import Dispatch
import HTTPStub

/// `serve`'s log on standard error without ever holding up the server: lines wait in a bounded
/// buffer that a queue of their own writes out. A standard error nobody reads (a pipe left full)
/// blocks only that queue; past the bound, lines are dropped and counted, and the count is said
/// in the log once it moves again.
///
/// The queue writes what came in over a few milliseconds at once: woken for every line, it took
/// a quarter of `serve`'s CPU samples under `wrk` (a wake-up per request, and its thread taking a
/// core from the serving one).
final class LogPump: Sendable {
    private struct State {
        var lines: [String] = []
        var dropped = 0
        var writing = false
    }

    private let state = Locked(State())
    private let limit: Int
    private let queue = DispatchQueue(label: "contract-tool.serve.log")
    private let write: @Sendable (String) -> Void
    /// How long the first line waits for others before they are written together.
    private let gathering: DispatchTimeInterval

    /// Creates a pump.
    /// - Parameters:
    ///   - limit: The most lines that wait to be written.
    ///   - gathering: How long the first line waits for others, to be written with them.
    ///   - write: Writes text, and may block for as long as its reader does not read.
    init(
        limit: Int = 4096, gathering: DispatchTimeInterval = .milliseconds(5),
        write: @escaping @Sendable (String) -> Void
    ) {
        self.limit = limit
        self.gathering = gathering
        self.write = write
    }

    /// Queues a line (with its line break) and returns at once; past the bound it is dropped.
    func send(_ line: String) {
        let starts = state.withLock { state -> Bool in
            guard state.lines.count < limit else {
                state.dropped += 1
                return false
            }
            state.lines.append(line)
            if state.writing { return false }
            state.writing = true
            return true
        }
        if starts { queue.asyncAfter(deadline: .now() + gathering) { self.drain() } }
    }

    /// Waits until every line queued so far is written.
    func waitUntilWritten() {
        queue.sync { drain() }
    }

    /// Waits until every line queued so far is written, or a bound passes: a stop writes out the
    /// log a reader is taking, and never waits on one nobody reads.
    /// - Parameter seconds: The longest wait.
    func flush(within seconds: Double) {
        let written = DispatchSemaphore(value: 0)
        queue.async {
            self.drain()
            written.signal()
        }
        _ = written.wait(timeout: .now() + seconds)
    }

    private func drain() {
        while true {
            let (batch, dropped) = state.withLock { state -> ([String], Int) in
                let taken = (state.lines, state.dropped)
                state.lines.removeAll(keepingCapacity: true)
                state.dropped = 0
                if taken.0.isEmpty, taken.1 == 0 { state.writing = false }
                return taken
            }
            if batch.isEmpty, dropped == 0 { return }
            var text = batch.joined()
            if dropped > 0 {
                text +=
                    "note: \(dropped) log \(dropped == 1 ? "line was" : "lines were") dropped: standard error was not read\n"
            }
            write(text)
        }
    }
}
