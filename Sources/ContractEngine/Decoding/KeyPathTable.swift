import Foundation

/// The collapsed key paths of one model, numbered as bodies bring them, each with its verdict.
///
/// A body's nodes are mapped to these numbers one step at a time (parent number and key), so
/// no path is written out or hashed whole, and bodies that differ only in the keys of a
/// dictionary (every country has its own currencies) share every number.
struct KeyPathTable {
    /// One step from a path to its child.
    private struct Edge: Hashable {
        let parent: Int
        let step: CollapsedPath.Step
    }

    /// What the verdicts and the collapsing of dictionaries come from.
    let learnt: KeyReadCache.Learnt
    private var numbers: [Edge: Int] = [:]
    /// Each number's path, written the way diagnostics show it; number 0 is the root, `""`.
    private(set) var paths: [String] = [""]
    /// Whether the model reads the key at each path: `nil` until a decode has told.
    private(set) var reads: [Bool?] = [nil]
    private var isDictionary: [Bool]

    /// A table that knows what `learnt` knows.
    init(_ learnt: KeyReadCache.Learnt) {
        self.learnt = learnt
        isDictionary = [learnt.dictionaries.contains("")]
    }

    /// Each node's path number, node by node in the scan's order (parents come first).
    mutating func numbers(of scan: BodyScan) -> [Int] {
        var result = [Int](repeating: 0, count: scan.nodes.count)
        for (index, node) in scan.nodes.enumerated() {
            guard let parent = node.parent else { continue }
            let parentNumber = result[parent]
            let step: CollapsedPath.Step = if let key = node.key {
                isDictionary[parentNumber] ? .anyKey : .key(key)
            } else {
                .anyElement
            }
            result[index] = number(Edge(parent: parentNumber, step: step))
        }
        return result
    }

    private mutating func number(_ edge: Edge) -> Int {
        if let known = numbers[edge] { return known }
        let path = CollapsedPath.appending(edge.step, to: paths[edge.parent])
        paths.append(path)
        reads.append(learnt.reads[path])
        isDictionary.append(learnt.dictionaries.contains(path))
        numbers[edge] = paths.count - 1
        return paths.count - 1
    }
}
