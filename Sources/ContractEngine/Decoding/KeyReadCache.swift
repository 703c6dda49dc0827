import Foundation

/// What a run has learnt about each model: whether it reads each collapsed key path, which
/// objects it reads as dictionaries, and the unread keys of each body shape seen since.
final class KeyReadCache: @unchecked Sendable {
    /// What is known about one model.
    struct Learnt {
        /// Whether the model reads the key at each collapsed path.
        var reads: [String: Bool] = [:]
        /// The collapsed paths of objects the model reads as dictionaries.
        var dictionaries: Set<String> = []
        /// Counts what was recorded, so an answer worked out from an older state is not kept.
        fileprivate(set) var generation = 0
    }

    private let lock = NSLock()
    private var models: [String: Learnt] = [:]
    /// Per model, the unread keys of each body shape, worked out from its current `Learnt`.
    private var shapes: [String: [BodyScan.Shape: [UnreadKeys.Selection]]] = [:]

    /// What is known about a model so far.
    func learnt(for model: String) -> Learnt {
        lock.withLock { models[model] ?? Learnt() }
    }

    /// Adds what one body taught; the unread keys known by shape are worked out again.
    func record(_ learnt: Learnt, model: String) {
        lock.withLock {
            var known = models[model] ?? Learnt()
            known.dictionaries.formUnion(learnt.dictionaries)
            // Read anywhere counts as read: a model that reads a key only sometimes is not
            // reported for it.
            known.reads.merge(learnt.reads) { $0 || $1 }
            known.generation += 1
            models[model] = known
            shapes[model] = nil
        }
    }

    /// The unread keys of a shape, when worked out since the model last learnt something.
    func unread(in shape: BodyScan.Shape, model: String) -> [UnreadKeys.Selection]? {
        // The table is taken under the lock and searched outside it: hashing a shape takes a
        // while, and every case of a run asks.
        lock.withLock { shapes[model] }?[shape]
    }

    /// Keeps the unread keys of a shape, worked out from the state `learnt(for:)` gave, unless
    /// the model has learnt something since.
    func remember(_ selection: [UnreadKeys.Selection], in shape: BodyScan.Shape, model: String, from learnt: Learnt) {
        lock.withLock {
            guard (models[model]?.generation ?? 0) == learnt.generation else { return }
            shapes[model, default: [:]][shape] = selection
        }
    }
}
