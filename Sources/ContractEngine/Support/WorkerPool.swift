import Foundation
import HTTPStub

/// Runs numbered pieces of work at most `jobs` at once and gives their results back in order.
///
/// Each of the `jobs` workers takes the next index as soon as it finishes one, so the caller's task
/// is never woken per piece: with thousands of small cases, one child task a case spent more time
/// handing work between threads than doing it.
enum WorkerPool {
    /// Runs `work` for every index in `0..<count`.
    /// - Parameters:
    ///   - count: How many pieces there are.
    ///   - jobs: How many run at once (at least one).
    ///   - progress: Called after each piece with the number done and `count`, one call at a time.
    ///   - work: One piece, given its index.
    /// - Returns: The results, in index order whatever order they finished in.
    static func map<Result: Sendable>(
        count: Int,
        jobs: Int,
        progress: (@Sendable (Int, Int) -> Void)? = nil,
        _ work: @escaping @Sendable (Int) async -> Result
    ) async -> [Result] {
        let board = Board<Result>(count: count)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(max(1, jobs), count) {
                group.addTask {
                    while let index = board.take() {
                        let result = await work(index)
                        board.finish(index, with: result, progress: progress)
                    }
                }
            }
        }
        return board.results
    }

    /// Runs `work` for every index in `0..<count`, handing each result to `deliver` in index order
    /// as soon as those before it are in, so no more than the pieces finished out of order are
    /// held at once.
    /// - Parameters:
    ///   - count: How many pieces there are.
    ///   - jobs: How many run at once (at least one).
    ///   - progress: Called after each piece with the number done and `count`, one call at a time.
    ///   - work: One piece, given its index.
    ///   - deliver: Takes each result, in index order, one call at a time.
    static func forEach<Result: Sendable>(
        count: Int,
        jobs: Int,
        progress: (@Sendable (Int, Int) -> Void)? = nil,
        _ work: @escaping @Sendable (Int) async -> Result,
        deliver: @escaping @Sendable (Result) -> Void
    ) async {
        let board = Board<Result>(count: count, deliver: deliver)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(max(1, jobs), count) {
                group.addTask {
                    while let index = board.take() {
                        let result = await work(index)
                        board.finish(index, with: result, progress: progress)
                    }
                }
            }
        }
    }

    /// The next index to hand out and the results handed back.
    private final class Board<Result: Sendable>: Sendable {
        private struct State {
            var next = 0
            var done = 0
            let count: Int
            /// The first index not yet delivered, when results are delivered as they come.
            var delivered = 0
            /// Every result, by index, when they are kept for `results`.
            var slots: [Result?]
            /// The results finished ahead of one before them, when they are delivered as they come.
            var waiting: [Int: Result] = [:]
        }

        private let state: Locked<State>
        /// Takes the results in order as they come; `nil` to keep them all for `results`.
        private let deliver: (@Sendable (Result) -> Void)?

        init(count: Int, deliver: (@Sendable (Result) -> Void)? = nil) {
            state = Locked(State(count: count, slots: deliver == nil ? Array(repeating: nil, count: count) : []))
            self.deliver = deliver
        }

        func take() -> Int? {
            state.withLock { state in
                guard state.next < state.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        func finish(_ index: Int, with result: Result, progress: (@Sendable (Int, Int) -> Void)?) {
            state.withLock { state in
                state.done += 1
                if let deliver {
                    state.waiting[index] = result
                    while let next = state.waiting.removeValue(forKey: state.delivered) {
                        state.delivered += 1
                        deliver(next)
                    }
                } else {
                    state.slots[index] = result
                }
                // Under the lock, so the counts a progress line shows only ever go up.
                progress?(state.done, state.count)
            }
        }

        /// Read once every worker has finished.
        var results: [Result] {
            state.withLock { $0.slots.compactMap { $0 } }
        }
    }
}
