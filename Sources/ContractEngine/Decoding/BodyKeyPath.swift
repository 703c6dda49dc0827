import ContractCatalogue
import Foundation

/// A client's decoding failure path in the body's keys.
///
/// The app's `JSONDecoder` names a failure with the model's keys (`days[1].lowTemp`); under a key
/// decoding strategy the body writes them otherwise (`low_temp`), and contracts, like every path
/// the tool prints, name the body's. The path is walked down the body, each key replaced by the
/// body's key that converts to it, and a key the body lacks (a missing key) named as the body
/// would write it.
enum BodyKeyPath {
    /// A failure's path in the body's keys.
    /// - Parameters:
    ///   - path: The path a client's `JSONDecoder` gave, in the model's keys.
    ///   - body: The body it was served.
    ///   - tree: The body's tree when the caller has it, so it is not parsed again.
    ///   - model: The model it decodes into.
    /// - Returns: The path, renamed where the model's decoder converts keys.
    static func naming(_ path: String, in body: Data, tree: JSONNode? = nil, model: ModelDescriptor) -> String {
        guard !path.isEmpty else { return path }
        let options = NodeDecodingOptions(model.makeDecoder())
        guard options.convertsKeys, let parsed = JSONPath(parsing: path),
            let root = tree ?? (try? JSONParser.parse(BodyEncoding.utf8(body)))
        else { return path }
        return naming(parsed, in: root, options: options, model: model).description
    }

    private static func naming(
        _ path: JSONPath, in root: JSONNode, options: NodeDecodingOptions, model: ModelDescriptor
    )
        -> JSONPath
    {
        // A missing key is spelt as the body's other objects spell it, else as the suite's bodies
        // do, as the prediction names it.
        var learnt: [String: String]?
        func spelling(ofMissing key: String) -> String {
            if learnt == nil {
                let log = KeyReadLog()
                try? model.decode(from: NodeDecoder(node: root, codingPath: [], readLog: log, options: options))
                learnt = log.spellings
            }
            return learnt?[key] ?? model.suiteSpelling?(key) ?? options.jsonKey(forMissing: key)
        }
        var node: JSONNode? = root
        var codingPath: [any CodingKey] = []
        var segments: [JSONPath.Segment] = []
        for segment in path.segments {
            switch (segment, node?.value) {
            case (.key(let key), .object(let members)?):
                let member = members.first { options.modelKey(for: $0.key, in: codingPath) == key }
                segments.append(.key(member?.key ?? spelling(ofMissing: key)))
                node = member?.value
                codingPath.append(NodeCodingKey(stringValue: key))
            case (.index(let index), .array(let elements)?):
                segments.append(segment)
                node = elements.indices.contains(index) ? elements[index] : nil
                codingPath.append(NodeCodingKey(intValue: index))
            case (.anyKey, .object(let members)?):
                // The entries of a dictionary share a type: the first stands for them all.
                segments.append(segment)
                node = members.first?.value
                codingPath.append(NodeCodingKey(stringValue: members.first?.key ?? "*"))
            default:
                segments.append(segment)
                node = nil
            }
        }
        return JSONPath(segments)
    }
}
