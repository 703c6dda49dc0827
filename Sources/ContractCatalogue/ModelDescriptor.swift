import Foundation

/// A model the contract tool can decode bodies into, without knowing its Swift type.
public struct ModelDescriptor: Sendable {
    /// The model's name as contracts write it: `Dog`, `[Dog]`, `Country`, `[Country]`.
    public let name: String
    /// Whether the model is an array, so `count` applies to it.
    public let isArray: Bool
    /// Paths within one record that tell records apart, such as `name.common`; `explain` shows them.
    public let identifyingPaths: [String]
    /// The API's decoder configuration, whose strategies the tool's own decoder follows when it
    /// explains a failure or looks for unread keys.
    package let makeDecoder: @Sendable () -> JSONDecoder
    /// The encoder that writes a value of the model back in wire form, for a value an async client returns.
    let makeEncoder: @Sendable () -> JSONEncoder
    private let decodeData: @Sendable (Data) -> Result<DecodedValue, any Error>
    private let decodeFrom: @Sendable (any Decoder) throws -> Void

    /// Describes a model type decoded and encoded with an API's configuration.
    /// - Parameters:
    ///   - type: The Swift type.
    ///   - name: The name contracts use.
    ///   - makeDecoder: The API's decoder configuration.
    ///   - makeEncoder: The encoder that writes the value back in wire form.
    ///   - identifyingPaths: Paths within one record that tell records apart.
    public init<Model: Codable & Equatable & Sendable>(
        _ type: Model.Type, name: String,
        makeDecoder: @escaping @Sendable () -> JSONDecoder,
        makeEncoder: @escaping @Sendable () -> JSONEncoder,
        identifyingPaths: [String] = []
    ) {
        self.name = name
        self.identifyingPaths = identifyingPaths
        self.makeDecoder = makeDecoder
        self.makeEncoder = makeEncoder
        self.isArray = Model.self is any _ArrayMarker.Type
        self.decodeData = { data in
            Result { try makeDecoder().decode(Model.self, from: data) }
                .map { DecodedValue($0, makeEncoder: makeEncoder) }
        }
        self.decodeFrom = { decoder in _ = try Model(from: decoder) }
    }

    /// Decodes a body with the API's decoder.
    /// - Parameter data: The body.
    /// - Returns: The decoded value, or the error `JSONDecoder` threw.
    public func decode(_ data: Data) -> Result<DecodedValue, any Error> {
        decodeData(data)
    }

    /// Decodes the model from any `Decoder`, discarding the value; used to explain failures.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: Whatever the model's `init(from:)` throws.
    public func decode(from decoder: any Decoder) throws {
        try decodeFrom(decoder)
    }
}
