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
}

extension Endpoint.Invocation: EndpointArguments {}

extension Endpoint.AsyncInvocation: EndpointArguments {}
