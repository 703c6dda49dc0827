import Foundation

/// A decoded model value, seen through what a contract can check: its length and its JSON form.
///
/// Models are compared as they allow: with `==` where they are `Equatable`, by their encoded JSON
/// (keys sorted) where they are only `Encodable`, and by their reflection (stored properties,
/// elements and leaves: `Reflected`) where they are only `Decodable`. A class that is not
/// `Sendable` is held as the client handed it over: the tool only reads it (encodes or compares
/// it), after the client has delivered it.
public struct DecodedValue: Sendable {
    /// The number of elements when the value is an array.
    public let count: Int?
    private let held: Held
    private let encodeValue: @Sendable () throws -> Data
    private let equals: @Sendable (Held) -> Bool

    /// The value as the client handed it over, which the tool only reads.
    private struct Held: @unchecked Sendable {
        let value: Any
    }

    /// Wraps a decoded value.
    /// - Parameters:
    ///   - value: The value.
    ///   - makeEncoder: The encoder that writes it back in wire form.
    public init<Model: Encodable & Equatable & Sendable>(
        _ value: Model, makeEncoder: @escaping @Sendable () -> JSONEncoder
    ) {
        self.init(held: Held(value: value), count: Self.count(of: value)) {
            try makeEncoder().encode(value)
        } equals: { other in
            (other.value as? Model) == value
        }
    }

    /// Wraps a decoded value of a model that is `Encodable` but need not be `Equatable` or
    /// `Sendable`, such as an SDK's `open class`: two values are equal when they encode to the same
    /// JSON, or by `==` where the model is `Equatable` after all (a class whose `==` is its
    /// identity still equals another decode of the same body).
    /// - Parameters:
    ///   - value: The value.
    ///   - makeEncoder: The encoder that writes it back in wire form.
    public init<Model: Encodable>(_ value: Model, makeEncoder: @escaping @Sendable () -> JSONEncoder) {
        self = Self.wrapping(value, makeEncoder: makeEncoder, json: nil)
    }

    /// Wraps a decoded value of a model that is only `Decodable`, such as a response type an SDK
    /// keeps internal: two values are equal when they are of the same type and reflect alike (their
    /// stored properties, elements and leaves: `Reflected`), or by `==` where the model is
    /// `Equatable`; a contract's `values` are read from the body the tool decoded.
    /// - Parameter value: The value.
    public init<Model: Decodable>(decoded value: Model) {
        self = Self.wrapping(value, makeEncoder: nil, json: nil)
    }

    /// The value of a call that returns nothing: equal to any other such value, encoded as `null`.
    public static let nothing = DecodedValue(held: Held(value: Nothing()), count: nil) {
        Data("null".utf8)
    } equals: { other in
        other.value is Nothing
    }

    private struct Nothing {}

    private init(
        held: Held, count: Int?, encode: @escaping @Sendable () throws -> Data,
        equals: @escaping @Sendable (Held) -> Bool
    ) {
        self.held = held
        self.count = count
        self.encodeValue = encode
        self.equals = equals
    }

    /// Wraps a value of any model, comparing and encoding it as far as its conformances allow.
    /// - Parameters:
    ///   - value: The value.
    ///   - makeEncoder: The model's encoder; `nil` where the model is not to be encoded.
    ///   - json: The JSON the value was decoded from, which stands for it where the model cannot be
    ///     encoded; `nil` when the tool did not decode it.
    /// - Returns: The decoded value.
    static func wrapping<Model>(_ value: Model, makeEncoder: (@Sendable () -> JSONEncoder)?, json: Data?)
        -> DecodedValue
    {
        let held = Held(value: value)
        let encode: @Sendable () throws -> Data
        if let makeEncoder, let encodable = value as? any Encodable {
            let box = Held(value: encodable)
            encode = {
                guard let encodable = box.value as? any Encodable else { return Data("null".utf8) }
                return try makeEncoder().encode(encodable)
            }
        } else if let json {
            encode = { json }
        } else {
            encode = {
                throw EncodingError.invalidValue(
                    held.value, .init(codingPath: [], debugDescription: "\(Model.self) is not Encodable"))
            }
        }
        // The same JSON is the same value on the wire, whatever `==` says: an SDK's class often
        // compares by identity (`ObjectIdentifier(lhs) == ObjectIdentifier(rhs)`), so two decodes
        // of one body are never `==`.
        var byJSON: (@Sendable (Held) -> Bool)?
        if value is any Encodable, let makeEncoder {
            byJSON = { other in
                guard let mine = held.value as? any Encodable, let theirs = other.value as? any Encodable,
                    other.value is Model
                else { return false }
                let encoder = makeEncoder()
                encoder.outputFormatting.insert(.sortedKeys)
                return (try? encoder.encode(mine)) == (try? encoder.encode(theirs))
            }
        }
        let equals: @Sendable (Held) -> Bool
        if value is any Equatable {
            equals = { [byJSON] other in
                guard let mine = held.value as? any Equatable else { return false }
                return Self.equal(mine, other.value) || byJSON?(other) == true
            }
        } else if let byJSON {
            equals = byJSON
        } else {
            equals = { other in other.value is Model && Reflected.of(held.value) == Reflected.of(other.value) }
        }
        return DecodedValue(held: held, count: Self.count(of: value), encode: encode, equals: equals)
    }

    private static func equal<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
        (other as? Value) == value
    }

    private static func count(of value: Any) -> Int? {
        (value as? any _ArrayMarker)?.elementCount
    }

    /// Whether two decoded values are equal: the same model type holding equal values.
    /// - Parameter other: The value to compare with.
    /// - Returns: `true` when they are equal.
    public func isEqual(to other: DecodedValue) -> Bool {
        equals(other.held)
    }

    /// The value as reflection sees it, for a model that cannot be encoded.
    /// - Returns: Its stored properties, elements and leaves.
    package func reflected() -> Reflected {
        Reflected.of(held.value)
    }

    /// Encodes the value back to JSON, so a path into it is a path into the model.
    /// - Returns: The JSON.
    /// - Throws: An `EncodingError` if the value cannot be encoded.
    public func encoded() throws -> Data {
        try encodeValue()
    }
}
