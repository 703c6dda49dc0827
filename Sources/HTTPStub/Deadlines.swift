import Foundation

/// One timer for every probe's deadline.
///
/// `asyncAfter` makes a timer source a call, which costs more than a replay's own stub work, and a
/// cancelled one stays registered until its time; a run of thousands of replays kept thousands.
/// Here deadlines wait in one list in time order, and one timer is set for the earliest.
final class Deadlines: @unchecked Sendable {
    /// The deadlines every probe shares. A constant reference; its state is behind a lock.
    static let shared = Deadlines()

    private struct Entry {
        let time: DispatchTime
        let id: Int
        let action: @Sendable () -> Void
    }

    private let lock = NSLock()
    private let queue = DispatchQueue(label: "dogpatch-contracts.deadlines")
    private let timer: any DispatchSourceTimer
    private var entries: [Entry] = []
    private var nextID = 0
    private var armedFor: DispatchTime?

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
        return lock.withLock {
            let id = nextID
            nextID += 1
            // Probes mostly share one timeout, so a new deadline nearly always goes last.
            let place = entries.lastIndex { $0.time <= time }.map { $0 + 1 } ?? 0
            entries.insert(Entry(time: time, id: id, action: action), at: place)
            if armedFor.map({ time < $0 }) ?? true { arm(for: time) }
            return id
        }
    }

    /// Forgets a deadline; its action never runs. Forgetting one already run or forgotten does nothing.
    /// - Parameter id: What `add(after:_:)` returned.
    func cancel(_ id: Int) {
        lock.withLock { entries.removeAll { $0.id == id } }
    }

    private func fire() {
        let now = DispatchTime.now()
        let due: [Entry] = lock.withLock {
            let count = entries.firstIndex { $0.time > now } ?? entries.count
            let due = Array(entries.prefix(count))
            entries.removeFirst(count)
            armedFor = nil
            if let next = entries.first?.time { arm(for: next) }
            return due
        }
        for entry in due { entry.action() }
    }

    /// Sets the one timer; called with the lock held.
    private func arm(for time: DispatchTime) {
        armedFor = time
        timer.schedule(deadline: time)
    }
}
