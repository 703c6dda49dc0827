import Foundation

/// A call's arguments, read by kind: what an invocation, completion-handler or async, offers the
/// code that calls the client (`call.string("city")`).
public protocol EndpointArguments {
    /// The call's arguments by name; a missing required one is left for the client to reject.
    var arguments: [String: Endpoint.Argument] { get }
}

extension EndpointArguments {
    /// A string argument, or `nil` when absent or of another kind.
    /// - Parameter name: The argument's name.
    /// - Returns: The string.
    public func string(_ name: String) -> String? {
        if case .string(let value)? = arguments[name] { value } else { nil }
    }

    /// A boolean argument, or `nil` when absent or of another kind.
    /// - Parameter name: The argument's name.
    /// - Returns: The boolean.
    public func bool(_ name: String) -> Bool? {
        if case .bool(let value)? = arguments[name] { value } else { nil }
    }

    /// A string-array argument, or `nil` when absent or of another kind.
    /// - Parameter name: The argument's name.
    /// - Returns: The strings.
    public func strings(_ name: String) -> [String]? {
        if case .strings(let value)? = arguments[name] { value } else { nil }
    }

    /// An integer argument, or `nil` when absent or of another kind.
    /// - Parameter name: The argument's name.
    /// - Returns: The integer.
    public func int(_ name: String) -> Int? {
        if case .int(let value)? = arguments[name] { value } else { nil }
    }

    /// An argument decoded into a type, such as the item a create call sends (a JSON argument) or
    /// a page number (`call.value(Int?.self, "page")`); an argument of any kind is read as the JSON
    /// it stands for.
    /// - Parameters:
    ///   - type: The type, such as the endpoint's request model; an `Optional` is `nil` when the
    ///     argument is absent.
    ///   - name: The argument's name.
    ///   - decoder: The decoder to read it with (the API's, for its key and date strategies).
    /// - Returns: The value.
    /// - Throws: `Endpoint.ArgumentError` when the argument is absent (and the type is not
    ///   optional) or not a value of the type; a case then fails saying so.
    public func value<Value: Decodable>(_ type: Value.Type, _ name: String, decoder: JSONDecoder = JSONDecoder())
        throws(Endpoint.ArgumentError) -> Value
    {
        guard let argument = arguments[name] else {
            if let absent = (Value.self as? any _OptionalMarker.Type)?.absent as? Value { return absent }
            throw Endpoint.ArgumentError(name: name, reason: "missing")
        }
        let text = argument.jsonText
        do {
            return try decoder.decode(type, from: text)
        } catch {
            throw Endpoint.ArgumentError(name: name, reason: "not a \(Value.self): \(DecodingFailure(error))")
        }
    }
}

extension Endpoint {
    /// A contract's arguments do not fit what the endpoint's call needs: thrown by
    /// `EndpointArguments.value(_:_:decoder:)`, and reported as the case's failure.
    public struct ArgumentError: Error, Sendable, CustomStringConvertible {
        /// The argument's name.
        public let name: String
        /// What is wrong with it.
        public let reason: String

        /// The problem in words: `argument "todo" is not a NewTodo: due_at: required key is missing`.
        public var description: String { "argument \"\(name)\" is \(reason)" }
    }
}

extension Endpoint.Argument {
    /// The JSON an argument stands for: `"text"`, `true`, `["a"]`, `2`, or a JSON argument's own.
    var jsonText: Data {
        switch self {
        case .string(let value): Self.encoded(value)
        case .bool(let value): Data((value ? "true" : "false").utf8)
        case .strings(let values): Self.encoded(values)
        case .int(let value): Data(String(value).utf8)
        case .json(let text): text
        }
    }

    private static func encoded<Value: Encodable>(_ value: Value) -> Data {
        (try? JSONEncoder().encode(value)) ?? Data("null".utf8)
    }
}

/// Lets `value(_:_:decoder:)` give `nil` for an absent argument read as an `Optional`.
protocol _OptionalMarker {
    /// The `nil` of the optional type.
    static var absent: Self { get }
}

extension Optional: _OptionalMarker {
    static var absent: Self { nil }
}

extension Endpoint.Invocation: EndpointArguments {}

extension Endpoint.AsyncInvocation: EndpointArguments {}
