import Foundation

extension Array where Element: Sendable {
    /// The elements transformed on every core, in their order; on the calling thread alone when
    /// there are too few for the hand-off to pay.
    /// - Parameters:
    ///   - minimumCount: The fewest elements worth spreading over threads.
    ///   - transform: A transform that may run on any thread.
    /// - Returns: The transformed elements, in the same order.
    func concurrentMap<Result: Sendable>(minimumCount: Int = 64, _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count >= minimumCount else { return map(transform) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1 else { return map(transform) }
        // A few chunks a core, so one slow chunk does not leave the others idle.
        let chunkCount = Swift.min(count, cores * 4)
        let chunks = ChunkResults<Result>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (chunk * count / chunkCount)..<((chunk + 1) * count / chunkCount)
            chunks.set(chunk, self[range].map(transform))
        }
        return chunks.joined
    }
}

/// Each chunk's results, filled from several threads, behind one lock.
private final class ChunkResults<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[Result]]

    init(count: Int) {
        chunks = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ results: [Result]) {
        lock.withLock { chunks[index] = results }
    }

    var joined: [Result] {
        lock.withLock { chunks.flatMap { $0 } }
    }
}
