import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Endpoint {
    /// Creates an endpoint whose client is called with `async throws`, such as
    /// `func todos(status:) async throws(TodoError) -> [Todo]`.
    ///
    /// For every case the tool calls `call` in a task of its own and delivers what it returns, a
    /// value or the error `mapError` translates, exactly once on the queue the contract names. The
    /// closure needs no annotation (`{ call in try await client(call).todos() }`): what it throws is
    /// given to `mapError` when it is a `Failure`, as everything a client with `throws(Failure)`
    /// throws is; anything else is delivered as `invalidRequest` naming the error, so a case expecting
    /// another outcome fails and says what the client threw. An
    /// async client has no response queue and no completion of its own, so for it a contract's
    /// `responseQueue` checks nothing, and neither does "the completion ran exactly once": replay
    /// checks the request the client sends and the value or error it returns. A contract for it may
    /// leave `responseQueue` out.
    ///
    /// The client sends its requests through the invocation (`call.data(for:)`, or `call.session`).
    /// When a case runs out of time, the tool cancels those requests, so a client awaiting one
    /// ends, as with `URLSession`, with `URLError(.cancelled)`, and the case fails with the
    /// timeout; a client that awaits something else is left to finish on its own, and the run goes on.
    /// - Parameters:
    ///   - name: The name contracts use.
    ///   - model: The model a successful call decodes into; `call` returns a value of its Swift type.
    ///   - parameters: The arguments the endpoint takes.
    ///   - baseURL: The URL the real server answers at.
    ///   - requestModel: The model of the JSON body the client sends, if it sends one.
    ///   - mapError: Translates the client's error into the contracts' vocabulary, such as an
    ///     `APIError.init(_:)` of the app's.
    ///   - call: Calls the real client as the invocation says (through its requests, on its base URL
    ///     or the one the invocation gives) and returns what the client returns.
    public init<Value: Decodable, Failure: Error>(
        name: String, model: ModelDescriptor, parameters: [Parameter] = [], baseURL: URL,
        requestModel: ModelDescriptor? = nil,
        mapError: @escaping @Sendable (Failure) -> APIError,
        call: @escaping @Sendable (AsyncInvocation) async throws -> Value
    ) {
        self.init(
            name: name, model: model, parameters: parameters, baseURL: baseURL, requestModel: requestModel,
            errors: .apiError, rules: .standard,
            call: call,
            translate: { error in
                (error as? Failure).map(mapError)
                    ?? .invalidRequest(reason: "the client threw \(error), which is not a \(Failure.self)")
            })
    }

    /// Creates an endpoint whose async client throws errors of its own vocabulary, such as
    /// `func create(_:) async throws(TodoError) -> Todo` with `errors: .todo`.
    ///
    /// What `call` throws is read by `errors` (`ErrorVocabulary.words(for:)`); an error of another
    /// type fails every case that expects an outcome, naming what was thrown. The rest is as for
    /// `init(name:model:parameters:baseURL:requestModel:mapError:call:)`.
    /// - Parameters:
    ///   - name: The name contracts use.
    ///   - model: The model a successful call decodes into; `call` returns a value of its Swift type.
    ///   - parameters: The arguments the endpoint takes.
    ///   - baseURL: The URL the real server answers at.
    ///   - requestModel: The model of the JSON body the client sends, if it sends one.
    ///   - errors: The client's errors as contracts name them.
    ///   - rules: How the client turns a response into an outcome (default: the standard rules).
    ///   - call: Calls the real client as the invocation says and returns what the client returns.
    public init<Value: Decodable>(
        name: String, model: ModelDescriptor, parameters: [Parameter] = [], baseURL: URL,
        requestModel: ModelDescriptor? = nil, errors: ErrorVocabulary, rules: OutcomeRules = .standard,
        call: @escaping @Sendable (AsyncInvocation) async throws -> Value
    ) {
        self.init(
            name: name, model: model, parameters: parameters, baseURL: baseURL, requestModel: requestModel,
            errors: errors, rules: rules, call: call, translate: { $0 })
    }

    /// Creates an endpoint whose async client returns nothing, such as
    /// `func delete(_:) async throws(TodoError)`: its success is the outcome rules' success (any
    /// 2xx by the standard rules), whatever the body; what `call` throws is read by `errors`. The
    /// rest is as for `init(name:model:parameters:baseURL:requestModel:errors:rules:call:)`.
    /// - Parameters:
    ///   - name: The name contracts use.
    ///   - parameters: The arguments the endpoint takes.
    ///   - baseURL: The URL the real server answers at.
    ///   - requestModel: The model of the JSON body the client sends, if it sends one.
    ///   - errors: The client's errors as contracts name them (default: `APIError`'s).
    ///   - rules: How the client turns a response into an outcome (default: the standard rules).
    ///   - call: Calls the real client as the invocation says.
    public init(
        name: String, parameters: [Parameter] = [], baseURL: URL, requestModel: ModelDescriptor? = nil,
        errors: ErrorVocabulary = .apiError, rules: OutcomeRules = .standard,
        call: @escaping @Sendable (AsyncInvocation) async throws -> Void
    ) {
        self.init(
            name: name, model: .nothing, parameters: parameters, baseURL: baseURL, requestModel: requestModel,
            errors: errors, rules: rules,
            produce: { invocation in
                try await call(invocation)
                return .nothing
            },
            translate: { $0 })
    }

    private init<Value>(
        name: String, model: ModelDescriptor, parameters: [Parameter], baseURL: URL,
        requestModel: ModelDescriptor?, errors: ErrorVocabulary, rules: OutcomeRules,
        call: @escaping @Sendable (AsyncInvocation) async throws -> Value,
        translate: @escaping @Sendable (any Error) -> any Error
    ) {
        let makeEncoder = model.makeEncoder
        self.init(
            name: name, model: model, parameters: parameters, baseURL: baseURL, requestModel: requestModel,
            errors: errors, rules: rules,
            produce: { invocation in
                DecodedValue.wrapping(try await call(invocation), makeEncoder: makeEncoder, json: nil)
            },
            translate: translate)
    }

    private init(
        name: String, model: ModelDescriptor, parameters: [Parameter], baseURL: URL,
        requestModel: ModelDescriptor?, errors: ErrorVocabulary, rules: OutcomeRules,
        produce: @escaping @Sendable (AsyncInvocation) async throws -> DecodedValue,
        translate: @escaping @Sendable (any Error) -> any Error
    ) {
        self.init(
            name: name, model: model, parameters: parameters, baseURL: baseURL, requestModel: requestModel,
            errors: errors, rules: rules
        ) { invocation in
            let asyncInvocation = AsyncInvocation(invocation)
            ClientExecutor.run {
                let result: Result<DecodedValue, any Error>
                do {
                    result = .success(try await produce(asyncInvocation))
                } catch {
                    result = .failure(translate(error))
                }
                invocation.responseQueue.async { invocation.complete(result) }
            }
        }
        isAsync = true
    }
}
