import DogPatchClients
import Foundation

/// The kinds of JSON value, as drift messages name them.
enum JSONKind: String, Sendable, Comparable, CaseIterable {
    case object, array, string, number, boolean, null

    init(_ value: JSONValue) {
        switch value {
        case .object: self = .object
        case .array: self = .array
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .boolean
        case .null: self = .null
        }
    }

    static func < (lhs: JSONKind, rhs: JSONKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// `number`, or `number or null` for a path whose values differ from element to element.
    static func describe(_ kinds: Set<JSONKind>) -> String {
        kinds.sorted().map(\.rawValue).joined(separator: " or ")
    }
}

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

/// How a body from the server differs in shape from the fixture it was recorded as.
struct ShapeDrift: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// The fixture has the key; the server's body does not.
        case removed
        /// The server's body has a key the fixture does not; whether the model reads it, when known.
        case added(modelReads: Bool?)
        /// The key's kinds of value differ.
        case changed(fixture: Set<JSONKind>, server: Set<JSONKind>)
        /// An array with elements in the fixture is empty from the server: one line, not one a
        /// key of its elements.
        case emptied
    }

    /// The collapsed path.
    let path: String
    let kind: Kind
    /// Where in the fixture: the key, its value, or (for a new key) the nearest object the fixture has.
    let position: SourcePosition

    /// The words of the warning, searchable in CI logs.
    var message: String {
        let subject = path.isEmpty ? "the body" : path
        switch kind {
        case .removed:
            return "\(subject): the server no longer sends this key"
        case .added(let reads):
            let model =
                switch reads {
                case true?: " (the model reads it)"
                case false?: " (the model never reads it)"
                case nil: ""
                }
            return "\(subject): the server now sends this key\(model)"
        case .changed(let fixture, let server):
            return
                "\(subject): \(JSONKind.describe(fixture)) in the fixture, \(JSONKind.describe(server)) from the server"
        case .emptied:
            return "\(subject): the server now sends an empty array"
        }
    }

    /// The differences between a fixture's shape and the server's, outermost keys only: keys under
    /// a key that came or went are not listed again.
    /// - Parameters:
    ///   - fixture: The fixture's shape.
    ///   - server: The server body's shape.
    ///   - modelReads: Whether the model reads a path, when that is known.
    /// - Returns: The drift, in the order the paths appear (the fixture's, then the server's new ones).
    static func compare(fixture: BodyShape, server: BodyShape, modelReads: (String) -> Bool?) -> [ShapeDrift] {
        var drift: [ShapeDrift] = []
        var reported: Set<String> = []
        func underReported(_ path: String, in shape: BodyShape) -> Bool {
            var parent = shape.parents[path]
            while let current = parent {
                if reported.contains(current) { return true }
                parent = shape.parents[current]
            }
            return false
        }
        for path in fixture.order {
            guard let kinds = fixture.kinds[path] else { continue }
            let elements = CollapsedPath.appending(.anyElement, to: path)
            if server.kinds[path] == [.array], fixture.kinds[elements] != nil, server.kinds[elements] == nil,
                !underReported(path, in: fixture)
            {
                reported.insert(path)
                drift.append(ShapeDrift(path: path, kind: .emptied, position: fixture.positions[path] ?? .start))
                continue
            }
            if let serverKinds = server.kinds[path] {
                if kinds != serverKinds, !underReported(path, in: fixture) {
                    reported.insert(path)
                    drift.append(
                        ShapeDrift(
                            path: path, kind: .changed(fixture: kinds, server: serverKinds),
                            position: fixture.positions[path] ?? .start))
                }
            } else if fixture.isKey(path), !underReported(path, in: fixture) {
                reported.insert(path)
                drift.append(ShapeDrift(path: path, kind: .removed, position: fixture.keyPositions[path] ?? .start))
            }
        }
        for path in server.order
        where fixture.kinds[path] == nil && server.isKey(path) && !underReported(path, in: server) {
            reported.insert(path)
            var anchor = server.parents[path]
            while let current = anchor, fixture.positions[current] == nil { anchor = server.parents[current] }
            let position = anchor.flatMap { fixture.positions[$0] } ?? .start
            drift.append(ShapeDrift(path: path, kind: .added(modelReads: modelReads(path)), position: position))
        }
        return drift
    }
}
