import Foundation
import Testing

@testable import HTTPStub

/// The one timer behind every probe's deadline: actions run in time order, whatever order they
/// were added in, and a cancelled one never runs.
@Suite("deadlines")
struct DeadlinesTests {
    @Test("deadlines fire in time order and a cancelled one never fires")
    func order() async {
        let fired = FiredLog()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let deadlines = Deadlines.shared
            // Cancelled as soon as it is added, well before its time, so a busy machine cannot
            // let it fire first.
            let cancelled = deadlines.add(after: 0.2) { fired.append("cancelled") }
            deadlines.cancel(cancelled)
            // The last to fire ends the test, after the cancelled one's time.
            _ = deadlines.add(after: 0.3) {
                fired.append("late")
                done.resume()
            }
            _ = deadlines.add(after: 0.01) { fired.append("early") }
            _ = deadlines.add(after: 0.1) { fired.append("middle") }
        }
        #expect(fired.names == ["early", "middle", "late"])
    }
}

/// What fired, in order, from the deadlines' queue.
private final class FiredLog: @unchecked Sendable {
    private let lock = NSLock()
    private var fired: [String] = []

    func append(_ name: String) { lock.withLock { fired.append(name) } }
    var names: [String] { lock.withLock { fired } }
}
