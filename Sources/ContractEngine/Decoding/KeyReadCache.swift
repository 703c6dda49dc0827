import Foundation
import HTTPStub

/// What a run has learnt about each model: whether it reads each collapsed key path and which
/// objects it reads as dictionaries, with the paths numbered for quick lookups.
final class KeyReadCache: Sendable {
    /// What is known about one model.
    struct Learnt {
        /// Whether the model reads the key at each collapsed path.
        var reads: [String: Bool] = [:]
        /// The collapsed paths of objects the model reads as dictionaries.
        var dictionaries: Set<String> = []
    }

    private struct State {
        var models: [String: Learnt] = [:]
        /// Per model, the paths met since it last learnt something, numbered.
        var tables: [String: KeyPathTable] = [:]
    }

    private let state = Locked(State())

    /// What is known about a model so far.
    func learnt(for model: String) -> Learnt {
        state.withLock { $0.models[model] ?? Learnt() }
    }

    /// The model's path table and the number of each of the scan's nodes in it, new paths added.
    /// - Parameters:
    ///   - scan: A body's scan.
    ///   - model: The model's name.
    /// - Returns: The table as it is once the body's paths are in, and each node's path number.
    func paths(of scan: BodyScan, model: String) -> (table: KeyPathTable, numbers: [Int]) {
        state.withLock { state in
            // Taken out while it grows, so the stored copy does not make it copy its storage.
            var table = state.tables.removeValue(forKey: model) ?? KeyPathTable(state.models[model] ?? Learnt())
            let numbers = table.numbers(of: scan)
            state.tables[model] = table
            return (table, numbers)
        }
    }

    /// Adds what one body taught; the paths are numbered afresh from it.
    func record(_ learnt: Learnt, model: String) {
        state.withLock { state in
            var known = state.models[model] ?? Learnt()
            known.dictionaries.formUnion(learnt.dictionaries)
            // Read anywhere counts as read: a model that reads a key only sometimes is not
            // reported for it.
            known.reads.merge(learnt.reads) { $0 || $1 }
            state.models[model] = known
            state.tables[model] = nil
        }
    }
}
