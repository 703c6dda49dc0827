import ContractCatalogue

@testable import ContractEngine

/// `APIError`'s cases as the engine names them, for tests of the built-in vocabulary.
extension ErrorName {
    static let invalidRequest = ErrorName("invalidRequest", in: .apiError)
    static let responseUnsuccessful = ErrorName("responseUnsuccessful", in: .apiError)
    static let invalidData = ErrorName("invalidData", in: .apiError)
    static let jsonConversionFailure = ErrorName("jsonConversionFailure", in: .apiError)
}
