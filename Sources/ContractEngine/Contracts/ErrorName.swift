import ContractCatalogue

/// One of a client's errors as contracts name it, with what it carries: `unauthorized`,
/// `responseUnsuccessful` (a status), `jsonConversionFailure` (a decoding failure).
package struct ErrorName: Hashable, Sendable {
    /// The name contracts write.
    let name: String
    /// What the error carries.
    let payload: ErrorVocabulary.Case.Payload

    /// The error of a vocabulary with a name; one the vocabulary lacks carries nothing.
    init(_ name: String, in errors: ErrorVocabulary) {
        self.name = name
        self.payload = errors.errorCase(named: name)?.payload ?? .nothing
    }

    /// Whether the error carries a decoding failure (`jsonConversionFailure`'s path).
    var isDecodingFailure: Bool { payload == .decodingFailure }
    /// Whether the error carries a status (`responseUnsuccessful`'s).
    var carriesStatus: Bool { payload == .status }

    /// The name of an error a client ended in that is not of its vocabulary's type.
    static let foreign = "(not in the vocabulary)"
}
