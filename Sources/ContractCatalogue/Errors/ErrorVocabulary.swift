/// The errors a client can end a call in, as contracts name them: the client's error type, each of
/// its cases with what the case carries, and how a thrown error reads in those words.
///
/// An endpoint declares its vocabulary; contracts then write `{"error": "unauthorized"}` or
/// `{"error": "server", "status": 503}`, and the loader refuses a name the vocabulary does not have.
/// The built-in clients speak `ErrorVocabulary.apiError`.
public struct ErrorVocabulary: Sendable {
    /// The client's error type as messages name it, such as `TodoError`.
    public let typeName: String
    /// The cases, in the order messages and the contract schema list them.
    public let cases: [Case]
    private let translate: @Sendable (any Error) -> ClientError?

    /// Declares a client's error type and how each of its errors reads in contracts.
    /// - Parameters:
    ///   - type: The client's error type, such as `TodoError.self`.
    ///   - cases: Each case as contracts name it, with what it carries.
    ///   - words: Translates one of the client's errors into the contracts' words, naming one of `cases`.
    public init<Failure: Error>(
        _ type: Failure.Type, cases: [Case], words: @escaping @Sendable (Failure) -> ClientError
    ) {
        self.typeName = String(describing: type)
        self.cases = cases
        self.translate = { error in (error as? Failure).map(words) }
    }

    /// The case with a name, if the vocabulary has it.
    /// - Parameter name: The name as contracts write it.
    /// - Returns: The case, or `nil`.
    public func errorCase(named name: String) -> Case? {
        cases.first { $0.name == name }
    }

    /// An error the client ended in, in the contracts' words; `nil` when it is not of the client's
    /// error type (a client that throws something else).
    /// - Parameter error: What the client completed with or threw.
    /// - Returns: The error in the contracts' words.
    public func words(for error: any Error) -> ClientError? {
        if let words = error as? ClientError { return words }
        return translate(error)
    }
}

extension ErrorVocabulary {
    /// One case of a client's error type, as contracts name it.
    public struct Case: Sendable, Hashable {
        /// What a case carries besides its name, which a contract's `expect` may state.
        public enum Payload: Sendable, Hashable {
            /// Nothing: `{"error": "unauthorized"}`.
            case nothing
            /// An HTTP status (none for a transport error): `{"error": "server", "status": 503}`.
            case status
            /// Where a body failed to decode: `{"error": "unreadable", "path": "[0].due_at"}`.
            case decodingFailure
            /// A reason in words, which contracts do not state.
            case reason
        }

        /// The name contracts write, the enum case's: `unauthorized`.
        public let name: String
        /// What it carries.
        public let payload: Payload

        /// Declares a case.
        /// - Parameters:
        ///   - name: The name contracts write.
        ///   - payload: What it carries (default: nothing).
        public init(_ name: String, carrying payload: Payload = .nothing) {
            self.name = name
            self.payload = payload
        }
    }
}
