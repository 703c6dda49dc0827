import Foundation

/// The 2xx bodies a `mutate` run made, as files a JSON Schema validator can be run on: one file
/// per body and an `index.json` naming, for each, its model, its case and whether the model
/// accepts it (the client decodes it, rather than failing with jsonConversionFailure).
struct MutantFiles: Sendable {
    private let bodies: [(model: String, name: String, body: ByteSpool.Slice, decodes: Bool)]

    /// - Parameter bodies: the bodies in the order the run made them, kept in a spool until written.
    init(_ bodies: [(model: String, name: String, body: ByteSpool.Slice, decodes: Bool)]) {
        self.bodies = bodies
    }

    /// The files to write into the folder: `0001.body` and so on, and `index.json`.
    /// - Parameters:
    ///   - folder: where they go.
    ///   - display: the folder as the user typed it, for messages.
    func changes(in folder: URL, display: String) -> FileChanges {
        var changes = FileChanges()
        let shown = display.hasSuffix("/") ? display : display + "/"
        var entries: [String] = []
        let width = max(4, String(bodies.count).count)
        for (index, mutant) in bodies.enumerated() {
            let digits = String(index + 1)
            let name = String(repeating: "0", count: width - digits.count) + digits + ".body"
            changes.write(mutant.body, to: folder.appendingPathComponent(name), display: shown + name)
            entries.append(
                "  {\"case\": \(JSONValue.quote(mutant.name)), \"decodes\": \(mutant.decodes), "
                    + "\"file\": \(JSONValue.quote(name)), \"model\": \(JSONValue.quote(mutant.model))}")
        }
        let index = "[\n" + entries.joined(separator: ",\n") + (entries.isEmpty ? "]\n" : "\n]\n")
        changes.write(Data(index.utf8), to: folder.appendingPathComponent("index.json"), display: shown + "index.json")
        return changes
    }
}
