import ContractCatalogue

/// A key of the model read from a key the JSON writes otherwise, under a key decoding strategy
/// (`highTemp` from `high_temp`). It is the model's key to the model, as `JSONDecoder`'s coding
/// paths are, and the JSON's in every path the tool reports: a path says where in the body.
struct ConvertedCodingKey: CodingKey {
    /// The model's key.
    let modelKey: any CodingKey
    /// The key as the body writes it.
    let jsonKey: String

    init(_ modelKey: any CodingKey, jsonKey: String) {
        self.modelKey = modelKey
        self.jsonKey = jsonKey
    }

    init(stringValue: String) {
        self.init(NodeCodingKey(stringValue: stringValue), jsonKey: stringValue)
    }

    init?(intValue: Int) { nil }

    var stringValue: String { modelKey.stringValue }
    var intValue: Int? { modelKey.intValue }

    /// Renders a coding path with the body's keys: `days[1].high_temp`.
    /// - Parameters:
    ///   - keys: The keys from the root to the value.
    ///   - naming: Whether dictionary keys are written as they are rather than as `*`.
    /// - Returns: The path as `CodingPath.render` writes it, each converted key as the JSON has it.
    static func render(_ keys: [any CodingKey], naming: Bool = false) -> String {
        keys.reduce("") { path, key in
            guard let converted = key as? ConvertedCodingKey else {
                return CodingPath.appending(CodingPath.step(for: key, naming: naming), to: path)
            }
            let step = CodingPath.step(for: converted.modelKey, naming: naming)
            if case .key = step { return CodingPath.appending(.key(converted.jsonKey), to: path) }
            return CodingPath.appending(step, to: path)
        }
    }
}
