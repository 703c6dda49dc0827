/// Why an export wrote nothing: a client that sends no request, a model whose shape cannot be
/// learnt, two cases a provider cannot tell apart.
struct ExportFailure: Error, Sendable {
    /// The reason in words.
    let reason: String

    init(reason: String) { self.reason = reason }

    init(_ failure: ClientRequest.Failure) { reason = failure.reason }
}
