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
    package let makeEncoder: @Sendable () -> JSONEncoder
    /// Whether a successful call reads the body: `false` for a call that returns nothing, whose
    /// success is the status's alone.
    package let readsBody: Bool
    /// The body's key for a key of the model, as the suite's bodies spell it, where a suite has
    /// been loaded: what names a key a body lacks when no object of that body spells it (the
    /// strategy alone spells `iso6391` for what the bodies write `iso_639_1`).
    package var suiteSpelling: (@Sendable (String) -> String?)?
    private let decodeData: @Sendable (Data) -> Result<DecodedValue, any Error>
    private let decodeFrom: @Sendable (any Decoder) throws -> Void

    /// Describes a model type decoded (and, where it is `Encodable`, encoded) with an API's
    /// configuration.
    ///
    /// The model need only be `Decodable`, as an SDK's response types often are: values are
    /// compared with `==` where the model is `Equatable`, by their encoded JSON where it is
    /// `Encodable`, and by what they hold (read by reflection) otherwise, where a contract's
    /// `values` are read from the body the tool decoded (see `DecodedValue`). A class that is not
    /// `Sendable` is fine: the tool decodes it and reads it, never shares it.
    /// - Parameters:
    ///   - type: The Swift type.
    ///   - name: The name contracts use.
    ///   - makeDecoder: The API's decoder configuration: the one the client decodes with (its key
    ///     and date strategies).
    ///   - makeEncoder: The encoder that writes the value back in wire form (default: a plain
    ///     `JSONEncoder`; give the API's where it has key or date strategies).
    ///   - identifyingPaths: Paths within one record that tell records apart.
    public init<Model: Decodable>(
        _ type: Model.Type, name: String,
        makeDecoder: @escaping @Sendable () -> JSONDecoder,
        makeEncoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() },
        identifyingPaths: [String] = []
    ) {
        self.name = name
        self.identifyingPaths = identifyingPaths
        self.makeDecoder = makeDecoder
        self.makeEncoder = makeEncoder
        self.readsBody = true
        self.isArray = Model.self is any _ArrayMarker.Type
        // The type travels as a value: a model need not be `Sendable`, so its metatype may not be.
        let type = ModelType(type: Model.self)
        self.decodeData = { data in
            Result { try Self.decode(type.type, from: data, with: makeDecoder(), makeEncoder: makeEncoder) }
        }
        self.decodeFrom = { decoder in _ = try type.type.init(from: decoder) }
    }

    /// A model's type, which the tool only decodes with.
    private struct ModelType: @unchecked Sendable {
        let type: any Decodable.Type
    }

    private static func decode<Model: Decodable>(
        _ type: Model.Type, from data: Data, with decoder: JSONDecoder,
        makeEncoder: @escaping @Sendable () -> JSONEncoder
    ) throws -> DecodedValue {
        DecodedValue.wrapping(try decoder.decode(type, from: data), makeEncoder: makeEncoder, json: data)
    }

    private init(nothingNamed name: String) {
        self.name = name
        self.identifyingPaths = []
        self.makeDecoder = { JSONDecoder() }
        self.makeEncoder = { JSONEncoder() }
        self.readsBody = false
        self.isArray = false
        self.decodeData = { _ in .success(.nothing) }
        self.decodeFrom = { _ in }
    }

    /// What a call that returns nothing "decodes" into: any body, or none, is its success.
    package static let nothing = ModelDescriptor(nothingNamed: "nothing")

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
