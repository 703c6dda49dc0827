import ContractCatalogue
import Foundation

/// A model's keys in the three spellings a path may meet: the body's (the wire: `iso_639_1`), the
/// model's (`CodingKeys`: `iso6391`) and its encoder's, which writes the decoded value back for a
/// contract's `values` to be checked (`convertToSnakeCase` writes `iso6391`).
///
/// Every path the tool shows or reads is the body's. The body's spelling of each key is learnt
/// while the app's decoder reads a body (a key strategy reads `iso6391` from `iso_639_1`, which no
/// strategy can derive from the model's key), else as the suite's bodies spell it
/// (`SuiteSpellings`), else the first spelling the strategy turns into the model's key. Used on
/// one thread.
final class KeySpellings {
    /// A path found in a decoded value's encoding.
    struct Found {
        /// The value there, `nil` when a step is missing.
        let node: JSONNode?
        /// The path as the body writes it.
        let wirePath: JSONPath
        /// Whether a step was written in the model's spelling of a key the body writes otherwise.
        let spelledAsModel: Bool
    }

    private let options: NodeDecodingOptions
    /// The suite's spelling of a key, where the body does not show it.
    private let suiteSpelling: (@Sendable (String) -> String?)?
    private let makeEncoder: @Sendable () -> JSONEncoder
    /// The body's key for each key of the model read from a key written otherwise.
    private let learnt: [String: String]
    /// The collapsed paths (in the body's keys) of the objects the model reads as dictionaries,
    /// whose keys no strategy converts.
    private let dictionaries: Set<String>
    private var encoded: [String: String] = [:]

    /// The spellings of a model's keys, learnt from a body it decodes when there is one.
    /// - Parameters:
    ///   - model: The model.
    ///   - body: A body the model decodes, whose spellings are the ones stated; `nil` for the
    ///     strategy's own. Read only where the decoder converts keys.
    init(model: ModelDescriptor, body: @autoclosure () -> JSONNode?) {
        options = NodeDecodingOptions(model.makeDecoder())
        suiteSpelling = model.suiteSpelling
        makeEncoder = model.makeEncoder
        var learnt: [String: String] = [:]
        var dictionaries: Set<String> = []
        if options.convertsKeys, let body = body() {
            let log = KeyReadLog()
            // A body that fails part way still spells the keys read before it failed.
            try? model.decode(from: NodeDecoder(node: body, codingPath: [], readLog: log, options: options))
            learnt = log.spellings
            dictionaries = log.dictionaries
        }
        self.learnt = learnt
        self.dictionaries = dictionaries
    }

    /// The body's spelling of a key of the model.
    /// - Parameter modelKey: The key the model asks for.
    /// - Returns: The key as the bodies write it.
    func wireKey(for modelKey: String) -> String {
        guard options.convertsKeys else { return modelKey }
        if let spelt = learnt[modelKey] { return spelt }
        let guessed = options.wireKey(for: modelKey, in: [])
        // The suite's bodies are read (once a run) only for a key the strategy may spell wrong: one
        // with a digit (`iso6391` from `iso_639_1`) or one it cannot reach at all (`listID`).
        if guessed == nil || modelKey.contains(where: \.isNumber), let spelt = suiteSpelling?(modelKey) { return spelt }
        return guessed ?? modelKey
    }

    /// Finds a path written in the body's keys (or the model's, which is noted) in the encoding of
    /// a decoded value.
    /// - Parameters:
    ///   - path: The path, as a contract writes it.
    ///   - root: The decoded value's encoding, or a part of it; `nil` to spell the path alone.
    ///   - prefix: The collapsed path of that part in the body (`[*]` for an element of an array).
    /// - Returns: The value found, and the path in the body's keys.
    func find(_ path: JSONPath, in root: JSONNode?, at prefix: String = "") -> Found {
        var node = root
        var wire: [JSONPath.Segment] = []
        var collapsed = prefix
        var spelledAsModel = false
        for segment in path.segments {
            let container = node
            node = nil
            switch segment {
            case .index(let index):
                if case .array(let elements)? = container?.value, elements.indices.contains(index) {
                    node = elements[index]
                }
                collapsed = CollapsedPath.appending(.anyElement, to: collapsed)
                wire.append(segment)
            case .key(let key):
                let object: JSONNode? = if case .object? = container?.value { container } else { nil }
                if dictionaries.contains(collapsed) {
                    node = object.flatMap { ($0.member(key) ?? $0.member(encodedKey(for: key)))?.value }
                    collapsed = CollapsedPath.appending(.anyKey, to: collapsed)
                    wire.append(segment)
                    continue
                }
                let modelKey = options.modelKey(for: key, in: [])
                let spelt = wireKey(for: modelKey)
                // The model's own key, where the body writes another: what a bare re-encoding names.
                let asModel = spelt != key && options.convertsKeys && (learnt[modelKey] != nil || modelKey == key)
                if asModel { spelledAsModel = true }
                let written = asModel ? spelt : key
                if let object {
                    node =
                        [encodedKey(for: modelKey), key, spelt, modelKey].lazy.compactMap(object.member).first?.value
                }
                collapsed = CollapsedPath.appending(.key(written), to: collapsed)
                wire.append(.key(written))
            case .anyKey:
                collapsed = CollapsedPath.appending(.anyKey, to: collapsed)
                wire.append(segment)
            }
        }
        return Found(node: node, wirePath: JSONPath(wire), spelledAsModel: spelledAsModel)
    }

    /// The key the model's encoder writes for a key of the model, learnt by encoding it.
    /// - Parameter modelKey: The model's key.
    /// - Returns: The encoder's key, or the model's when the encoder writes none.
    func encodedKey(for modelKey: String) -> String {
        if let known = encoded[modelKey] { return known }
        var key = modelKey
        if let data = try? makeEncoder().encode(OneKey(key: modelKey)),
            case .object(let members)? = (try? JSONParser.parse(BodyEncoding.utf8(data)))?.value,
            let only = members.first
        {
            key = only.key
        }
        encoded[modelKey] = key
        return key
    }

    /// A value with one key, which the model's encoder names as it names the model's own.
    private struct OneKey: Encodable {
        let key: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NodeCodingKey.self)
            try container.encode(0, forKey: NodeCodingKey(stringValue: key))
        }
    }
}
