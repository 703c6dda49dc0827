import ContractCatalogue
import Foundation

/// Decodes bodies with an API's own `JSONDecoder` and, when that fails, finds the failure's path
/// and position itself.
enum FixtureDecoder {
    /// Decodes a body into a model.
    /// - Parameters:
    ///   - data: The body, not empty.
    ///   - model: The model.
    ///   - tree: The body's tree when the caller has it, so a failure is explained without
    ///     parsing the body again.
    /// - Returns: The decoded value, or where and why decoding failed.
    static func decode(_ data: Data, as model: ModelDescriptor, tree: JSONNode? = nil) -> Result<
        DecodedValue, DecodeProblem
    > {
        switch model.decode(data) {
        case .success(let value):
            return .success(value)
        case .failure(let error):
            return .failure(explain(data, as: model, decoderError: error, tree: tree))
        }
    }

    /// Explains a decoding failure with its exact path and position.
    ///
    /// The body is parsed, as UTF-8, with the tool's own parser (a syntax error gets its line and column) and
    /// decoded again by `NodeDecoder`, which knows where every value is. Should that succeed where
    /// `JSONDecoder` failed, `JSONDecoder`'s own account is kept.
    /// A tree the caller hands in stands for the body's parse, positions and all.
    static func explain(_ data: Data, as model: ModelDescriptor, decoderError: any Error, tree: JSONNode? = nil)
        -> DecodeProblem
    {
        let root: JSONNode
        if let tree {
            root = tree
        } else {
            do {
                root = try JSONParser.parse(BodyEncoding.utf8(data))
            } catch {
                return DecodeProblem(
                    path: error.path, reason: "invalid JSON: \(error.message)", position: error.position)
            }
        }
        let options = NodeDecodingOptions(model.makeDecoder())
        // The keys read before the failure spell a missing key as the body's other objects do.
        let log = options.convertsKeys ? KeyReadLog() : nil
        do {
            try model.decode(from: NodeDecoder(node: root, codingPath: [], readLog: log, options: options))
        } catch let error as DecodingError {
            return problem(error, in: root, options: options, spellings: log?.spellings ?? [:], model: model)
        } catch {
            return DecodeProblem(path: "", reason: "decoding failed: \(error)", position: root.position)
        }
        let failure = DecodingFailure(decoderError)
        return DecodeProblem(path: failure.path, reason: failure.reason, position: position(of: failure.path, in: root))
    }

    private static func problem(
        _ error: DecodingError, in root: JSONNode, options: NodeDecodingOptions, spellings: [String: String],
        model: ModelDescriptor
    ) -> DecodeProblem {
        let container: [any CodingKey]
        let reason: String
        let path: String
        switch error {
        case .keyNotFound(let key, let context):
            container = context.codingPath
            // Named as the body would write it, as the keys it has are, else as the suite's bodies do.
            let missing =
                spellings[key.stringValue] ?? model.suiteSpelling?(key.stringValue)
                ?? options.jsonKey(forMissing: key.stringValue)
            path = ConvertedCodingKey.render(
                context.codingPath + [missing == key.stringValue ? key : ConvertedCodingKey(key, jsonKey: missing)])
            reason = "required key is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            container = context.codingPath
            path = ConvertedCodingKey.render(context.codingPath)
            reason = ownWording(context.debugDescription)
        @unknown default:
            return DecodeProblem(path: "", reason: "decoding failed", position: root.position)
        }
        return DecodeProblem(
            path: path, reason: reason,
            position: position(of: ConvertedCodingKey.render(container, naming: true), in: root))
    }

    /// Foundation's wording, where a type's own `init(from:)` threw it, made to read like the tool's.
    private static func ownWording(_ description: String) -> String {
        var text = description.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "the value is not valid" }
        return first.lowercased() + text.dropFirst()
    }

    /// The position of the deepest value along a path that exists.
    static func position(of path: String, in root: JSONNode) -> SourcePosition {
        guard let parsed = JSONPath(parsing: path) else { return root.position }
        var node = root
        for segment in parsed.segments {
            guard let next = JSONPath([segment]).lookUp(in: node) else { break }
            node = next
        }
        return node.position
    }
}
