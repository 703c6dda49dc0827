import ContractCatalogue
import Foundation

/// One contract file, loaded and checked: an endpoint (or just a model) and its cases.
///
/// Its fields live in one shared box: every case of a run carries its contract (`SuiteItem`), and
/// a suite of 40,000 cases would otherwise hold 40,000 copies of the endpoint and the model.
package struct Contract: Sendable {
    /// The fields, shared by every copy until one of them changes `url` or `sequence`.
    private final class Storage: Sendable {
        let file: String
        let endpoint: Endpoint?
        let model: ModelDescriptor
        let arguments: [String: Endpoint.Argument]
        let request: RequestExpectation?
        let responseQueue: ResponseQueue
        let ignoredKeys: Set<String>
        let cases: [CaseEntry]
        let url: URL?
        let sequence: [String]

        init(
            file: String, endpoint: Endpoint?, model: ModelDescriptor, arguments: [String: Endpoint.Argument],
            request: RequestExpectation?, responseQueue: ResponseQueue, ignoredKeys: Set<String>, cases: [CaseEntry],
            url: URL?, sequence: [String]
        ) {
            self.file = file
            self.endpoint = endpoint
            self.model = model
            self.arguments = arguments
            self.request = request
            self.responseQueue = responseQueue
            self.ignoredKeys = ignoredKeys
            self.cases = cases
            self.url = url
            self.sequence = sequence
        }

        /// A copy with another file, cue list or model.
        func with(url: URL?, sequence: [String], model: ModelDescriptor? = nil) -> Storage {
            Storage(
                file: file, endpoint: endpoint, model: model ?? self.model, arguments: arguments, request: request,
                responseQueue: responseQueue, ignoredKeys: ignoredKeys, cases: cases, url: url, sequence: sequence)
        }
    }

    private var storage: Storage

    /// A contract.
    /// - Parameters:
    ///   - file: The file as reports name it.
    ///   - endpoint: The endpoint; `nil` for a fixture contract.
    ///   - model: The model bodies decode into.
    ///   - arguments: The endpoint's arguments.
    ///   - request: What the client must send, when the contract says.
    ///   - responseQueue: The queue the client is built with for replay.
    ///   - ignoredKeys: Keys the model is known to leave unread.
    ///   - cases: The cases in file order.
    init(
        file: String, endpoint: Endpoint?, model: ModelDescriptor, arguments: [String: Endpoint.Argument],
        request: RequestExpectation?, responseQueue: ResponseQueue, ignoredKeys: Set<String>, cases: [CaseEntry]
    ) {
        storage = Storage(
            file: file, endpoint: endpoint, model: model, arguments: arguments, request: request,
            responseQueue: responseQueue, ignoredKeys: ignoredKeys, cases: cases, url: nil, sequence: [])
    }

    /// The file as reports name it, such as `contracts/countries.json`.
    var file: String { storage.file }
    /// The endpoint whose client replays the cases; `nil` for a fixture contract.
    package var endpoint: Endpoint? { storage.endpoint }
    /// The model bodies decode into.
    var model: ModelDescriptor { storage.model }
    /// The endpoint's arguments.
    var arguments: [String: Endpoint.Argument] { storage.arguments }
    /// What the client must send, when the contract says.
    var request: RequestExpectation? { storage.request }
    /// The queue the client is built with for replay.
    var responseQueue: ResponseQueue { storage.responseQueue }
    /// Keys the model is known to leave unread (`[*].gender`); they are not reported.
    var ignoredKeys: Set<String> { storage.ignoredKeys }
    /// The cases in file order, each ready to run or invalid on its own.
    var cases: [CaseEntry] { storage.cases }
    /// The file it was read from; `nil` for a contract loaded from bytes.
    var url: URL? {
        get { storage.url }
        set { storage = storage.with(url: newValue, sequence: storage.sequence) }
    }
    /// `ignoredKeys`' entries, each where it is written, for the warning about one no body has.
    var ignoredKeyEntries: [Located<String>] = []
    /// What is said of the contract as a whole once its cases are known (an `ignoredKeys` pattern
    /// that no body has), reported with its first case.
    var warnings: [Diagnostic] = []
    /// The cases `serve` answers its request with in turn, the last repeating (`"sequence"`);
    /// empty for none. Verify reads each case on its own.
    var sequence: [String] {
        get { storage.sequence }
        set { storage = storage.with(url: storage.url, sequence: newValue) }
    }

    /// The contract with its model replaced: the same model, knowing more of the suite.
    /// - Parameter model: The model.
    /// - Returns: The contract.
    func with(model: ModelDescriptor) -> Contract {
        var contract = self
        contract.storage = storage.with(url: storage.url, sequence: storage.sequence, model: model)
        return contract
    }

    /// The rules its responses are predicted by: the endpoint's, or the standard ones for a fixture contract.
    var rules: OutcomeRules { endpoint?.rules ?? .standard }
    /// The errors its cases name: the endpoint's vocabulary, or `APIError`'s for a fixture contract.
    var errors: ErrorVocabulary { endpoint?.errors ?? .apiError }
}
