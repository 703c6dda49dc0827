import Foundation

/// What a run has learnt about each model: whether it reads each collapsed key path, and which
/// objects it reads as dictionaries.
final class KeyReadCache: @unchecked Sendable {
    /// What is known about one model.
    struct Learnt {
        /// Whether the model reads the key at each collapsed path.
        var reads: [String: Bool] = [:]
        /// The collapsed paths of objects the model reads as dictionaries.
        var dictionaries: Set<String> = []
    }

    private let lock = NSLock()
    private var models: [String: Learnt] = [:]

    /// What is known about a model so far.
    func learnt(for model: String) -> Learnt {
        lock.withLock { models[model] ?? Learnt() }
    }

    /// Adds what one body taught.
    func record(_ learnt: Learnt, model: String) {
        lock.withLock {
            var known = models[model] ?? Learnt()
            known.dictionaries.formUnion(learnt.dictionaries)
            // Read anywhere counts as read: a model that reads a key only sometimes is not
            // reported for it.
            known.reads.merge(learnt.reads) { $0 || $1 }
            models[model] = known
        }
    }
}
