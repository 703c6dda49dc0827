import Foundation
import HTTPStub

extension Array where Element: Sendable {
    /// The elements transformed on every core, in their order; on the calling thread alone when
    /// there are too few for the hand-off to pay.
    /// - Parameters:
    ///   - minimumCount: The fewest elements worth spreading over threads.
    ///   - transform: A transform that may run on any thread.
    /// - Returns: The transformed elements, in the same order.
    func concurrentMap<Result: Sendable>(minimumCount: Int = 64, _ transform: @Sendable (Element) -> Result) -> [Result]
    {
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

/// Each chunk's results, filled from several threads.
private final class ChunkResults<Result: Sendable>: Sendable {
    private let chunks: Locked<[[Result]]>

    init(count: Int) {
        chunks = Locked(Array(repeating: [], count: count))
    }

    func set(_ index: Int, _ results: [Result]) {
        chunks.withLock { $0[index] = results }
    }

    var joined: [Result] {
        chunks.withLock { $0.flatMap { $0 } }
    }
}
