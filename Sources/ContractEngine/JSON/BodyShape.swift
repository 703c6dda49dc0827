/// The shape of a body: every collapsed path (`[*].name.common`, dictionary keys as `*`, as the
/// unread-key report writes them) with the kinds of value found there and where it first occurs.
struct BodyShape: Sendable {
    /// The kinds of value at each path.
    private(set) var kinds: [String: Set<JSONKind>] = [:]
    /// Where each path's value first occurs.
    private(set) var positions: [String: SourcePosition] = [:]
    /// Where each path's key first occurs, for paths that are object members.
    private(set) var keyPositions: [String: SourcePosition] = [:]
    /// Each path's parent path.
    private(set) var parents: [String: String] = [:]
    /// Paths in order of first appearance.
    private(set) var order: [String] = []

    /// Reads a parsed body's shape.
    /// - Parameters:
    ///   - root: The body, parsed.
    ///   - dictionaries: The collapsed paths of objects the model reads as dictionaries.
    init(_ root: JSONNode, dictionaries: Set<String>) {
        var pending: [(node: JSONNode, path: String, keyPosition: SourcePosition?)] = [(root, "", nil)]
        while let (node, path, keyPosition) = pending.popLast() {
            note(node, at: path, keyPosition: keyPosition)
            switch node.value {
            case .object(let members):
                for member in members.reversed() {
                    let step: CollapsedPath.Step = dictionaries.contains(path) ? .anyKey : .key(member.key)
                    let child = CollapsedPath.appending(step, to: path)
                    parents[child] = path
                    pending.append((member.value, child, member.keyPosition))
                }
            case .array(let elements):
                let child = CollapsedPath.appending(.anyElement, to: path)
                for element in elements.reversed() {
                    parents[child] = path
                    pending.append((element, child, nil))
                }
            default:
                break
            }
        }
    }

    private mutating func note(_ node: JSONNode, at path: String, keyPosition: SourcePosition?) {
        if kinds[path] == nil {
            order.append(path)
            positions[path] = node.position
        }
        kinds[path, default: []].insert(JSONKind(node.value))
        if let keyPosition, keyPositions[path] == nil { keyPositions[path] = keyPosition }
    }

    /// Whether the path is an object member (a key), not an array element or the root.
    func isKey(_ path: String) -> Bool { keyPositions[path] != nil }
}
