import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One endpoint of a client under test: its model, its arguments, and how to call the real client.
public struct Endpoint: Sendable {
    /// The name contracts use, such as `countries.byName`.
    public let name: String
    /// The model a successful call decodes into.
    public let model: ModelDescriptor
    /// The arguments the endpoint takes.
    public let parameters: [Parameter]
    /// The URL the real server answers at, which the client resolves its paths against.
    public let baseURL: URL
    /// The client's errors as contracts name them (default: `APIError`'s).
    public let errors: ErrorVocabulary
    /// How the client turns a response into an outcome, which the tool predicts each case by
    /// (default: `OutcomeRules.standard`).
    public let rules: OutcomeRules
    /// The model of the JSON body the client sends, which a contract's `request.body` is judged by;
    /// `nil` for an endpoint whose requests carry no body.
    public let requestModel: ModelDescriptor?
    /// Whether the client is async: the tool delivers its result itself, so the response queue
    /// says nothing of it (and coverage asks no queue of it).
    package internal(set) var isAsync = false
    private let invoke: @Sendable (Invocation) -> Void

    /// The API the endpoint belongs to: its name before the dot (`countries` for `countries.byName`).
    public var api: String { String(name.prefix { $0 != "." }) }

    /// Creates an endpoint.
    /// - Parameters:
    ///   - name: The name contracts use.
    ///   - model: The model a successful call decodes into.
    ///   - parameters: The arguments the endpoint takes.
    ///   - baseURL: The URL the real server answers at.
    ///   - requestModel: The model of the JSON body the client sends, if it sends one.
    ///   - errors: The client's errors as contracts name them (default: `APIError`'s).
    ///   - rules: How the client turns a response into an outcome (default: the standard rules).
    ///   - invoke: Calls the real client as the invocation says (on its base URL, or the one the
    ///     invocation gives) and reports its result through `complete(_:)` (or `completion`).
    public init(
        name: String, model: ModelDescriptor, parameters: [Parameter] = [], baseURL: URL,
        requestModel: ModelDescriptor? = nil, errors: ErrorVocabulary = .apiError, rules: OutcomeRules = .standard,
        invoke: @escaping @Sendable (Invocation) -> Void
    ) {
        self.name = name
        self.model = model
        self.parameters = parameters
        self.baseURL = baseURL
        self.requestModel = requestModel
        self.errors = errors
        self.rules = rules
        self.invoke = invoke
    }

    /// Creates an endpoint for a call that returns nothing, such as a delete: its success is the
    /// outcome rules' success (any 2xx by the standard rules), whatever the body, and the client
    /// reports it with `complete(.success(()))`.
    /// - Parameters:
    ///   - name: The name contracts use.
    ///   - parameters: The arguments the endpoint takes.
    ///   - baseURL: The URL the real server answers at.
    ///   - requestModel: The model of the JSON body the client sends, if it sends one.
    ///   - errors: The client's errors as contracts name them (default: `APIError`'s).
    ///   - rules: How the client turns a response into an outcome (default: the standard rules).
    ///   - invoke: Calls the real client as the invocation says and reports its result through
    ///     `complete(_:)`.
    public init(
        name: String, parameters: [Parameter] = [], baseURL: URL, requestModel: ModelDescriptor? = nil,
        errors: ErrorVocabulary = .apiError, rules: OutcomeRules = .standard,
        invoke: @escaping @Sendable (Invocation) -> Void
    ) {
        self.init(
            name: name, model: .nothing, parameters: parameters, baseURL: baseURL, requestModel: requestModel,
            errors: errors, rules: rules, invoke: invoke)
    }

    /// Whether a successful call returns nothing, so its success is the status's alone.
    public var returnsNothing: Bool { !model.readsBody }

    /// Calls the real client.
    /// - Parameter invocation: The session, queue, arguments and completion to use.
    public func call(_ invocation: Invocation) {
        invoke(invocation)
    }

    /// The required parameters that arguments leave out or leave empty.
    /// - Parameter arguments: The arguments by name.
    /// - Returns: The parameters a request cannot be formed without.
    public func missingParameters(in arguments: [String: Argument]) -> [Parameter] {
        parameters.filter { parameter in
            guard parameter.isRequired else { return false }
            switch arguments[parameter.name] {
            case .string(let value)?: return value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            case .strings(let values)?: return values.isEmpty
            case .bool?, .int?, .json?: return false
            case nil: return true
            }
        }
    }

    /// The parameter with a name, if the endpoint takes it.
    /// - Parameter name: The argument's name.
    /// - Returns: The parameter, or `nil`.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }
}

extension Endpoint {
    /// One argument an endpoint takes.
    public struct Parameter: Sendable, Equatable {
        /// The kinds of value an argument can have.
        public enum Kind: String, Sendable {
            /// A string.
            case string = "a string"
            /// A boolean.
            case bool = "a boolean"
            /// An array of strings.
            case strings = "an array of strings"
            /// A whole number, such as a page.
            case int = "an integer"
            /// Any JSON value, such as the object a client sends as a request's body.
            case json = "a JSON value"
        }

        /// The argument's name in a contract's `arguments`.
        public let name: String
        /// The kind of value it takes.
        public let kind: Kind
        /// Whether a call without it (or with it empty) cannot form a request: the client answers `invalidRequest`.
        public let isRequired: Bool

        /// Creates a parameter.
        /// - Parameters:
        ///   - name: The argument's name.
        ///   - kind: The kind of value it takes.
        ///   - required: Whether a call without it cannot form a request.
        public init(_ name: String, _ kind: Kind, required: Bool = false) {
            self.name = name
            self.kind = kind
            self.isRequired = required
        }
    }

    /// An argument's value.
    public enum Argument: Sendable, Equatable {
        /// A string.
        case string(String)
        /// A boolean.
        case bool(Bool)
        /// An array of strings.
        case strings([String])
        /// A whole number.
        case int(Int)
        /// A JSON value, as its UTF-8 text.
        case json(Data)
    }

    /// What a call of the real client needs, and where its result goes.
    public struct Invocation: Sendable {
        /// The session the client is built on.
        public let session: any URLSessionProtocol
        /// The queue the client is built with.
        public let responseQueue: DispatchQueue
        /// The call's arguments by name; a missing required one is left for the client to reject.
        public let arguments: [String: Argument]
        /// The base URL to build the client with instead of the endpoint's own, such as a test
        /// server's; `nil` for the endpoint's.
        public let baseURL: URL?
        private let deliver: @Sendable (Result<DecodedValue, any Error>) -> Void
        private let makeURLSession: @Sendable () -> URLSession

        /// A real `URLSession` to hand the app's own transport (an adapter that takes a
        /// `URLSession`), as OHHTTPStubs and Mocker do: in replay the tool's stub is first in its
        /// `protocolClasses`, so every request the adapter sends through it is answered with the
        /// case's response and the adapter's own code runs; nothing reaches the network.
        public var urlSession: URLSession { makeURLSession() }

        /// Creates an invocation.
        /// - Parameters:
        ///   - session: The session the client is built on.
        ///   - responseQueue: The queue the client is built with.
        ///   - arguments: The call's arguments by name.
        ///   - baseURL: The base URL to build the client with; `nil` for the endpoint's own.
        ///   - urlSession: Makes the `URLSession` handed to the app's own transport (default:
        ///     `URLSession.shared`); the tool's gives one on its stub.
        ///   - completion: Receives the client's result: a value, or an error the endpoint's
        ///     vocabulary reads.
        public init(
            session: any URLSessionProtocol, responseQueue: DispatchQueue, arguments: [String: Argument],
            baseURL: URL? = nil, urlSession: @escaping @Sendable () -> URLSession = { URLSession.shared },
            completion: @escaping @Sendable (Result<DecodedValue, any Error>) -> Void
        ) {
            self.session = session
            self.responseQueue = responseQueue
            self.arguments = arguments
            self.baseURL = baseURL
            self.makeURLSession = urlSession
            self.deliver = completion
        }

        /// Reports the client's result, each time the client delivers one: a value, or one of the
        /// client's errors, which the endpoint's vocabulary puts in the contracts' words.
        /// - Parameter result: What the client completed with.
        public func complete<Failure: Error>(_ result: Result<DecodedValue, Failure>) {
            deliver(result.mapError { $0 })
        }

        /// Reports the result of a call that returns nothing, each time the client delivers one:
        /// success, or one of the client's errors.
        /// - Parameter result: What the client completed with.
        public func complete<Failure: Error>(_ result: Result<Void, Failure>) {
            deliver(result.map { DecodedValue.nothing }.mapError { $0 })
        }

        /// Reports a result of a client whose errors are `APIError`s, each time the client delivers one.
        public var completion: @Sendable (Result<DecodedValue, APIError>) -> Void {
            { [deliver] result in deliver(result.mapError { $0 }) }
        }
    }
}
