import Foundation

/// The keys a model asked a `NodeDecoder` for, by collapsed path (`[*].name.common`), and the
/// objects it read as dictionaries, whose keys collapse to `*` (`[*].currencies.*.name`).
///
/// Used on one thread, by one decode.
final class KeyReadLog {
    /// The collapsed paths of the keys read.
    private(set) var paths: Set<String> = []
    /// The collapsed paths of the objects read as dictionaries: through `allKeys`.
    private(set) var dictionaries: Set<String> = []
    /// Under a key strategy, the body's key for each key the model asked for and found, where the
    /// two differ (`iso31661` read from `iso_3166_1`): the first spelling met.
    private(set) var spellings: [String: String] = [:]
    /// The raw values enums accepted and the values dates were read from where the tool cannot
    /// read the date strategy.
    var accepted = AcceptedValues()

    /// Records the key of the body a key of the model was read from.
    /// - Parameters:
    ///   - modelKey: The key the model asked for.
    ///   - jsonKey: The body's key the decoder's strategy turned into it.
    func recordSpelling(_ modelKey: String, _ jsonKey: String) {
        if spellings[modelKey] == nil { spellings[modelKey] = jsonKey }
    }

    /// Records that the model read a key of the object at a coding path.
    /// - Parameters:
    ///   - containerPath: The object's coding path.
    ///   - key: The key as the body writes it.
    func record(_ containerPath: [any CodingKey], _ key: String) {
        let container = render(containerPath)
        paths.insert(CollapsedPath.appending(dictionaries.contains(container) ? .anyKey : .key(key), to: container))
    }

    /// Records that the model listed every key of the object at a coding path.
    func recordDictionary(_ containerPath: [any CodingKey]) {
        dictionaries.insert(render(containerPath))
    }

    private func render(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            // Only the decoder's own keys stand for array elements; a dictionary keyed by Int
            // still reads string keys from the JSON.
            if let element = key as? NodeCodingKey, element.intValue != nil {
                path = CollapsedPath.appending(.anyElement, to: path)
            } else {
                // The body's key, where a key strategy gave the model another.
                let name = (key as? ConvertedCodingKey)?.jsonKey ?? key.stringValue
                path = CollapsedPath.appending(dictionaries.contains(path) ? .anyKey : .key(name), to: path)
            }
        }
        return path
    }
}
