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
