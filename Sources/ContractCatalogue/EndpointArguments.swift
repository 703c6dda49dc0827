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

    /// A JSON argument decoded into a type, such as the item a create call sends.
    /// - Parameters:
    ///   - type: The type, such as the endpoint's request model.
    ///   - name: The argument's name.
    ///   - decoder: The decoder to read it with (the API's, for its key and date strategies).
    /// - Returns: The value.
    /// - Throws: `Endpoint.ArgumentError` when the argument is absent, of another kind, or not a
    ///   value of the type; a case then fails saying so.
    public func value<Value: Decodable>(_ type: Value.Type, _ name: String, decoder: JSONDecoder = JSONDecoder())
        throws(Endpoint.ArgumentError) -> Value
    {
        guard case .json(let text)? = arguments[name] else {
            throw Endpoint.ArgumentError(name: name, reason: "missing, or not a JSON value")
        }
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

extension Endpoint.Invocation: EndpointArguments {}

extension Endpoint.AsyncInvocation: EndpointArguments {}
