import ContractCatalogue
import Foundation

/// A recorded case's request, sent to the server again: what `verify --live` and `record` share.
/// Only a case that is recorded, not skipped and not a captured error is sent (a capture's error
/// is kept as it was seen, never asked for again).
struct RecordedRequest: Sendable {
    /// Why a case is not sent to the server.
    enum Unasked: Error, Sendable, Equatable {
        /// The case says `skip`, for this reason.
        case skipped(String)
        /// The case keeps an error a capture saw once.
        case capturedError
        /// The case has no `recorded`, or its contract no endpoint.
        case notRecorded
    }

    /// Why the server gave no answer to check.
    struct Unanswered: Error, Sendable {
        /// The error, at the case's `recorded`.
        let diagnostic: Diagnostic
        /// The URL asked for.
        let url: String
        /// Why the request was not sent at all, when it would have changed data and writes were
        /// not allowed: the case is skipped for this reason, not failed.
        var unsentWrite: String?
    }

    let contract: Contract
    let spec: CaseSpec
    let endpoint: Endpoint
    /// The case's `recorded`.
    let recording: Recording

    /// The request of a case, when the case is one to send.
    /// - Parameters:
    ///   - spec: A case.
    ///   - contract: Its contract.
    /// - Returns: The request, or why the case is not sent.
    static func of(_ spec: CaseSpec, in contract: Contract) -> Result<RecordedRequest, Unasked> {
        if let reason = spec.skip {
            return .failure(.skipped(reason))
        }
        if let recording = spec.recorded, case .http(let status, _, _) = spec.response.kind,
            recording.isCapturedError(status: status)
        {
            return .failure(.capturedError)
        }
        guard let recording = spec.recorded, let endpoint = contract.endpoint else {
            return .failure(.notRecorded)
        }
        return .success(RecordedRequest(contract: contract, spec: spec, endpoint: endpoint, recording: recording))
    }

    /// Sends the request the endpoint's client builds for the contract's arguments.
    /// - Parameter live: Where the request goes and how long it may take.
    /// - Returns: The server's answer, or why there is none.
    func send(_ live: LiveSettings) async -> Result<LiveResponse, Unanswered> {
        await LiveFetcher.fetch(
            endpoint, arguments: contract.arguments, baseURL: live.baseURLs.url(for: endpoint), timeout: live.timeout,
            allowWrites: live.allowWrites
        ).mapError { failure in
            Unanswered(
                diagnostic: Diagnostic(
                    .error, failure.message(naming: live.names), file: contract.file, position: recording.position),
                url: failure.url, unsentWrite: failure.unsentWrite.map { _ in failure.message(naming: live.names) })
        }
    }
}
