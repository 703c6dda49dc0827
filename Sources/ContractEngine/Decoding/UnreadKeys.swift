import ContractCatalogue
import Foundation

/// Finds the keys of a body that a model never reads.
///
/// The keys present come from `BodyScan`, one pass over the bytes. Which of them the model reads
/// is learnt by decoding again with a `NodeDecoder` that logs every key the model asks for and
/// every object it reads as a dictionary. That decode is the expensive part, so it is kept small:
/// a `KeyReadCache` remembers each path's verdict per model for the whole run, and when a
/// top-level array holds paths not seen yet, only the elements where they first occur are decoded
/// again. Both rest on a model reading a key at a path whenever the key is there, as synthesized
/// `Codable` conformances do.
enum UnreadKeys {
    /// The ignored keys of a body that decodes into the model, outermost only: keys under an
    /// ignored key are not listed again.
    /// - Parameters:
    ///   - body: A body that decodes into the model.
    ///   - scan: The body's scan.
    ///   - model: The model.
    ///   - cache: Verdicts learnt from earlier bodies, shared by a run.
    /// - Returns: The ignored keys in order of first appearance.
    static func find(in body: Data, scan: BodyScan, model: ModelDescriptor, cache: KeyReadCache = KeyReadCache())
        -> [UnreadKey]
    {
        guard scan.nodes.count > 1 else { return [] }
        // Most bodies bring no path the run has not met: their verdicts are all known already.
        let (known, numbers) = cache.paths(of: scan, model: model.name)
        if let selection = unread(scan, numbers: numbers, table: known) {
            return keys(selection, of: scan, body: body)
        }
        var learnt = known.learnt
        var paths = schemaPaths(of: scan, dictionaries: learnt.dictionaries)
        var round = 0
        while true {
            let unknown = scan.nodes.indices.filter { scan.nodes[$0].key != nil && learnt.reads[paths[$0]] == nil }
            guard let first = unknown.first else { break }
            round += 1
            // The first round decodes one element, to learn which objects are dictionaries; the
            // next one, for each path still unknown, the first element it occurs in (the keys of a
            // dictionary share one path, wherever they first occur); then the whole body.
            let elements: [Int]? =
                switch round {
                case 1 where scan.rootIsArray: [scan.nodes[first].firstElement]
                case 2 where scan.rootIsArray: Array(Set(firstElements(of: unknown, scan: scan, paths: paths))).sorted()
                default: nil
                }
            var decodedElements = elements.map(Set.init)
            var log = elements.flatMap { keysRead(in: subset($0, of: body, scan: scan), model: model) }
            if log == nil {
                // A model may refuse a part it accepts whole (a minimum length, say).
                decodedElements = nil
                log = keysRead(in: body, model: model)
            }
            guard let log else { return [] }
            learnt.dictionaries.formUnion(log.dictionaries)
            paths = schemaPaths(of: scan, dictionaries: learnt.dictionaries)
            for index in scan.nodes.indices where scan.nodes[index].key != nil {
                // Every key of the decoded part was present in it: read or not, its verdict is known.
                guard decodedElements?.contains(scan.nodes[index].firstElement) ?? true else { continue }
                learnt.reads[paths[index]] = (learnt.reads[paths[index]] ?? false) || log.paths.contains(paths[index])
            }
            for path in log.paths { learnt.reads[path] = true }
            if decodedElements == nil { break }
        }
        cache.record(learnt, model: model.name)
        // Answered from what this body taught, whatever other bodies have taught the cache since.
        var table = KeyPathTable(learnt)
        let learntNumbers = table.numbers(of: scan)
        return keys(unread(scan, numbers: learntNumbers, table: table) ?? [], of: scan, body: body)
    }

    /// One unread key path and the scan's nodes where it occurs.
    private struct Selection {
        let path: String
        let nodes: [Int]
    }

    /// For each path of some nodes, the first element of the body it occurs in.
    private static func firstElements(of nodes: [Int], scan: BodyScan, paths: [String]) -> [Int] {
        var first: [String: Int] = [:]
        for node in nodes {
            first[paths[node]] = min(first[paths[node]] ?? .max, scan.nodes[node].firstElement)
        }
        return Array(first.values)
    }

    /// A top-level array of some of a body's elements.
    private static func subset(_ elements: [Int], of body: Data, scan: BodyScan) -> Data {
        var data = Data("[".utf8)
        for (position, element) in elements.enumerated() {
            let separators = scan.rootSeparators
            guard element + 1 < separators.count else { continue }
            if position > 0 { data.append(UInt8(ascii: ",")) }
            data.append(body[body.startIndex + separators[element] + 1..<body.startIndex + separators[element + 1]])
        }
        data.append(UInt8(ascii: "]"))
        return data
    }

    /// Each node's path, the keys of dictionaries collapsed to `*`.
    static func schemaPaths(of scan: BodyScan, dictionaries: Set<String>) -> [String] {
        var paths = [String](repeating: "", count: scan.nodes.count)
        for (index, node) in scan.nodes.enumerated() {
            guard let parent = node.parent else { continue }
            let step: CollapsedPath.Step =
                if let key = node.key {
                    dictionaries.contains(paths[parent]) ? .anyKey : .key(key)
                } else {
                    .anyElement
                }
            paths[index] = CollapsedPath.appending(step, to: paths[parent])
        }
        return paths
    }

    /// The keys not read, one per path, leaving out those under a key already reported; `nil`
    /// when a key's verdict is not known yet.
    private static func unread(_ scan: BodyScan, numbers: [Int], table: KeyPathTable) -> [Selection]? {
        var silenced = [Bool](repeating: false, count: table.paths.count)  // reported, or under a reported key
        var order: [Int] = []
        var found = [[Int]](repeating: [], count: table.paths.count)
        var keyAbove = [Int](repeating: -1, count: scan.nodes.count)
        for (index, node) in scan.nodes.enumerated() {
            guard let parent = node.parent else { continue }
            keyAbove[index] = scan.nodes[parent].key != nil ? parent : keyAbove[parent]
            guard node.key != nil else { continue }
            let path = numbers[index]
            if keyAbove[index] >= 0, silenced[numbers[keyAbove[index]]] {
                silenced[path] = true
                continue
            }
            guard let isRead = table.reads[path] else { return nil }
            guard !isRead else { continue }
            silenced[path] = true
            if found[path].isEmpty { order.append(path) }
            found[path].append(index)
        }
        return order.map { Selection(path: table.paths[$0], nodes: found[$0]) }
    }

    /// The unread keys as this body has them: where each first occurs and how often.
    private static func keys(_ selection: [Selection], of scan: BodyScan, body: Data) -> [UnreadKey] {
        let offsets = selection.map { $0.nodes.map { scan.nodes[$0].firstOffset }.min() ?? 0 }
        let positions = SourcePosition.positions(of: offsets, in: body)
        return zip(selection, positions).map { key, position in
            UnreadKey(
                path: key.path, position: position, occurrences: key.nodes.reduce(0) { $0 + scan.nodes[$1].occurrences }
            )
        }
    }

    /// The keys the model reads from a body and the objects it reads as dictionaries, or `nil`
    /// when the body does not parse or decode.
    static func keysRead(in body: Data, model: ModelDescriptor) -> KeyReadLog? {
        guard let root = try? JSONParser.parse(body) else { return nil }
        return keysRead(in: root, model: model)
    }

    /// The keys the model reads from a parsed body, or `nil` when it does not decode.
    static func keysRead(in root: JSONNode, model: ModelDescriptor) -> KeyReadLog? {
        let log = KeyReadLog()
        do {
            try model.decode(
                from: NodeDecoder(
                    node: root, codingPath: [], readLog: log, options: NodeDecodingOptions(model.makeDecoder())))
        } catch {
            return nil
        }
        return log
    }
}
