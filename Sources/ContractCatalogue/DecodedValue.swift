import Foundation

/// A decoded model value, seen through what a contract can check: its length and its JSON form.
public struct DecodedValue: Sendable {
    /// The number of elements when the value is an array.
    public let count: Int?
    private let value: any Sendable
    private let encodeValue: @Sendable () throws -> Data
    private let equals: @Sendable (any Sendable) -> Bool

    /// Wraps a decoded value.
    /// - Parameters:
    ///   - value: The value.
    ///   - makeEncoder: The encoder that writes it back in wire form.
    public init<Model: Encodable & Equatable & Sendable>(
        _ value: Model, makeEncoder: @escaping @Sendable () -> JSONEncoder
    ) {
        self.count = (value as? any _ArrayMarker)?.elementCount
        self.value = value
        self.encodeValue = { try makeEncoder().encode(value) }
        self.equals = { other in (other as? Model) == value }
    }

    /// Whether two decoded values are equal: the same model type holding equal values.
    /// - Parameter other: The value to compare with.
    /// - Returns: `true` when they are equal.
    public func isEqual(to other: DecodedValue) -> Bool {
        equals(other.value)
    }

    /// Encodes the value back to JSON, so a path into it is a path into the model.
    /// - Returns: The JSON.
    /// - Throws: An `EncodingError` if the value cannot be encoded.
    public func encoded() throws -> Data {
        try encodeValue()
    }
}
