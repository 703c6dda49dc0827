extension ErrorVocabulary {
    /// `APIError`'s four cases, the built-in clients' vocabulary and every endpoint's default.
    public static let apiError = ErrorVocabulary(
        APIError.self,
        cases: [
            Case("invalidRequest", carrying: .reason), Case("responseUnsuccessful", carrying: .status),
            Case("invalidData"), Case("jsonConversionFailure", carrying: .decodingFailure),
        ],
        words: ClientError.init
    )
}

extension ClientError {
    /// An `APIError` in the contracts' words.
    /// - Parameter error: The error.
    public init(_ error: APIError) {
        switch error {
        case .invalidRequest(let reason): self.init(error.caseName, reason: reason)
        case .responseUnsuccessful(let status): self.init(error.caseName, status: status)
        case .invalidData: self.init(error.caseName)
        case .jsonConversionFailure(let failure): self.init(error.caseName, failure: failure)
        }
    }
}
