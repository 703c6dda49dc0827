import Foundation

/// One timer for every probe's deadline.
///
/// `asyncAfter` makes a timer source a call, which costs more than a replay's own stub work, and a
/// cancelled one stays registered until its time; a run of thousands of replays kept thousands.
/// Here deadlines wait in one list in time order, and one timer is set for the earliest.
// Unchecked only for the timer, which Dispatch does not mark Sendable: it is set up once and then
// only rescheduled, under the state's lock.
final class Deadlines: @unchecked Sendable {
    /// The deadlines every probe shares. A constant reference; its state is behind a lock.
    static let shared = Deadlines()

    private struct Entry {
        let time: DispatchTime
        let id: Int
        let action: @Sendable () -> Void
    }

    /// The deadlines in time order, the next id, and the time the timer is set for.
    private struct State {
        var entries: [Entry] = []
        var nextID = 0
        var armedFor: DispatchTime?
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "dogpatch-contracts.deadlines")
    private let timer: any DispatchSourceTimer

    private init() {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [unowned self] in fire() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    /// Runs an action on the deadlines' queue once a time has passed, unless cancelled first.
    /// - Parameters:
    ///   - seconds: How long from now.
    ///   - action: What to run then.
    /// - Returns: What `cancel(_:)` takes.
    func add(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Int {
        let time = DispatchTime.now() + seconds
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            // Probes mostly share one timeout, so a new deadline nearly always goes last.
            let place = state.entries.lastIndex { $0.time <= time }.map { $0 + 1 } ?? 0
            state.entries.insert(Entry(time: time, id: id, action: action), at: place)
            if state.armedFor.map({ time < $0 }) ?? true { arm(for: time, in: &state) }
            return id
        }
    }

    /// Forgets a deadline; its action never runs. Forgetting one already run or forgotten does nothing.
    /// - Parameter id: What `add(after:_:)` returned.
    func cancel(_ id: Int) {
        state.withLock { $0.entries.removeAll { $0.id == id } }
    }

    private func fire() {
        let now = DispatchTime.now()
        let due: [Entry] = state.withLock { state in
            let count = state.entries.firstIndex { $0.time > now } ?? state.entries.count
            let due = Array(state.entries.prefix(count))
            state.entries.removeFirst(count)
            state.armedFor = nil
            if let next = state.entries.first?.time { arm(for: next, in: &state) }
            return due
        }
        for entry in due { entry.action() }
    }

    /// Sets the one timer; called with the lock held.
    private func arm(for time: DispatchTime, in state: inout State) {
        state.armedFor = time
        timer.schedule(deadline: time)
    }
}
