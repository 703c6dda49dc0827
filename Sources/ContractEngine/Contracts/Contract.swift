import ContractCatalogue
import Foundation

/// One contract file, loaded and checked: an endpoint (or just a model) and its cases.
package struct Contract: Sendable {
    /// The file as reports name it, such as `contracts/countries.json`.
    let file: String
    /// The endpoint whose client replays the cases; `nil` for a fixture contract.
    package let endpoint: Endpoint?
    /// The model bodies decode into.
    let model: ModelDescriptor
    /// The endpoint's arguments.
    let arguments: [String: Endpoint.Argument]
    /// What the client must send, when the contract says.
    let request: RequestExpectation?
    /// The queue the client is built with for replay.
    let responseQueue: ResponseQueue
    /// Keys the model is known to leave unread (`[*].gender`); they are not reported.
    let ignoredKeys: Set<String>
    /// The cases in file order, each ready to run or invalid on its own.
    let cases: [CaseEntry]
    /// The file it was read from; `nil` for a contract loaded from bytes.
    var url: URL?
    /// `ignoredKeys`' entries, each where it is written, for the warning about one no body has.
    var ignoredKeyEntries: [Located<String>] = []
    /// What is said of the contract as a whole once its cases are known (an `ignoredKeys` pattern
    /// that no body has), reported with its first case.
    var warnings: [Diagnostic] = []
    /// The cases `serve` answers its request with in turn, the last repeating (`"sequence"`);
    /// empty for none. Verify reads each case on its own.
    var sequence: [String] = []

    /// The rules its responses are predicted by: the endpoint's, or the standard ones for a fixture contract.
    var rules: OutcomeRules { endpoint?.rules ?? .standard }
    /// The errors its cases name: the endpoint's vocabulary, or `APIError`'s for a fixture contract.
    var errors: ErrorVocabulary { endpoint?.errors ?? .apiError }
}
