import ContractCatalogue
import Foundation

/// The drift between a fixture and a server's body, as collapsed paths the model's decoding
/// names: the objects it reads as dictionaries have their keys collapsed to `*`.
enum DriftCheck {
    /// Compares the two bodies' shapes.
    /// - Parameters:
    ///   - fixture: The fixture's bytes.
    ///   - server: The server's body.
    ///   - model: The model both decode into.
    ///   - keyReads: What the run has learnt about the model.
    /// - Returns: The drift, or nothing when either body is not JSON.
    static func drift(fixture: Data, server: Data, model: ModelDescriptor, keyReads: KeyReadCache) -> [ShapeDrift] {
        // Each body parsed once, for both the model's reads and the shape.
        guard let fixtureRoot = try? JSONParser.parse(BodyEncoding.utf8(fixture)),
            let serverRoot = try? JSONParser.parse(BodyEncoding.utf8(server))
        else { return [] }
        let fixtureLog = UnreadKeys.keysRead(in: fixtureRoot, model: model)
        let serverLog = UnreadKeys.keysRead(in: serverRoot, model: model)
        let learnt = keyReads.learnt(for: model.name)
        let dictionaries = learnt.dictionaries.union(fixtureLog?.dictionaries ?? []).union(
            serverLog?.dictionaries ?? [])
        // Only a decode of the server's body can tell whether the model reads a key the fixture
        // lacks; failing that, what the run has learnt from other bodies, or nothing.
        return ShapeDrift.compare(
            fixture: BodyShape(fixtureRoot, dictionaries: dictionaries),
            server: BodyShape(serverRoot, dictionaries: dictionaries)
        ) { path in
            serverLog.map { $0.paths.contains(path) } ?? learnt.reads[path]
        }
    }
}
