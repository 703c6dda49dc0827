import Foundation

/// The collapsed key paths of one model, numbered as bodies bring them, each with its verdict.
///
/// A body's nodes are mapped to these numbers one step at a time (parent number and key), so
/// no path is written out or hashed whole, and bodies that differ only in the keys of a
/// dictionary (every country has its own currencies) share every number.
struct KeyPathTable {
    /// One step from a path to its child. It hashes by the key's hash from the scan, so a lookup
    /// hashes two numbers and never the key again.
    private struct Edge: Hashable {
        let parent: Int
        let step: CollapsedPath.Step
        let keyHash: Int

        static func == (lhs: Edge, rhs: Edge) -> Bool {
            // Equal steps have equal hashes: the numbers first, the key only when they agree.
            lhs.parent == rhs.parent && lhs.keyHash == rhs.keyHash && lhs.step == rhs.step
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(parent)
            hasher.combine(keyHash)
        }
    }

    /// What the verdicts and the collapsing of dictionaries come from.
    let learnt: KeyReadCache.Learnt
    private var numbers: [Edge: Int] = [:]
    /// Each number's edge.
    private var edges: [Edge] = [Edge(parent: -1, step: .anyElement, keyHash: 0)]
    /// The numbers of the last body's nodes: bodies of one endpoint mostly share their shape, so
    /// node `i` of the next one is likely to have the same number and a comparison tells.
    private var lastNumbers: [Int] = []
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
            // Equal keys hash alike in every scan (the seed is the process's); the other steps
            // take numbers no key hash is likelier to take than any other.
            let edge =
                if let key = node.key {
                    isDictionary[parentNumber]
                        ? Edge(parent: parentNumber, step: .anyKey, keyHash: 1)
                        : Edge(parent: parentNumber, step: .key(key), keyHash: node.keyHash)
                } else {
                    Edge(parent: parentNumber, step: .anyElement, keyHash: 2)
                }
            if index < lastNumbers.count, edges[lastNumbers[index]] == edge {
                result[index] = lastNumbers[index]
            } else {
                result[index] = number(edge)
            }
        }
        lastNumbers = result
        return result
    }

    private mutating func number(_ edge: Edge) -> Int {
        if let known = numbers[edge] { return known }
        let path = CollapsedPath.appending(edge.step, to: paths[edge.parent])
        paths.append(path)
        reads.append(learnt.reads[path])
        isDictionary.append(learnt.dictionaries.contains(path))
        edges.append(edge)
        numbers[edge] = paths.count - 1
        return paths.count - 1
    }
}
