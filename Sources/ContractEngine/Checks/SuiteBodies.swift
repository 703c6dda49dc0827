import ContractCatalogue
import Foundation

/// What the app's decoder accepts in the suite's own bodies (responses, and the request bodies
/// contracts state), which the model alone cannot say: the raw values of enums that list no cases
/// and the forms of dates under a strategy the tool cannot read. Learnt by decoding each body as
/// the app's decoder does.
enum SuiteBodies {
    /// The values accepted in the bodies of some contracts' decoding cases and stated requests, by
    /// model.
    /// - Parameters:
    ///   - contracts: The contracts.
    ///   - fixtures: Where their fixtures are.
    /// - Returns: By `WireSpellings.key(_:)` of each model, what its decoder accepted.
    static func accepted(_ contracts: [Contract], fixtures: FixtureLocator) -> [String: AcceptedValues] {
        var byModel: [String: AcceptedValues] = [:]
        for (model, log) in read(contracts, fixtures: fixtures) {
            byModel[WireSpellings.key(model), default: AcceptedValues()].merge(log.accepted)
        }
        return byModel
    }

    /// Each decoding case's body decoded as the app's decoder does, and each stated request body
    /// as its endpoint's request model decodes it, with the log of what the decoding read: the
    /// keys it asked for and the values it accepted. A body that does not decode still shows what
    /// was read before it failed.
    /// - Parameters:
    ///   - contracts: The contracts.
    ///   - fixtures: Where their fixtures are.
    ///   - options: Which decoders to read with; the others' bodies are passed over.
    /// - Returns: Each body's model and log, in suite order (a contract's request body after its
    ///   cases' bodies).
    static func read(
        _ contracts: [Contract], fixtures: FixtureLocator,
        where wanted: (NodeDecodingOptions) -> Bool = { _ in true }
    ) -> [(model: ModelDescriptor, log: KeyReadLog)] {
        var logs: [(model: ModelDescriptor, log: KeyReadLog)] = []
        for contract in contracts {
            read(contract.model, file: contract.file, cases: contract.cases, fixtures: fixtures, where: wanted) {
                logs.append((contract.model, $0))
            }
            // The body the client sends, as its request model reads it: a request model no
            // response shares is learnt from it alone.
            guard let model = contract.endpoint?.requestModel, let body = contract.request?.body,
                case .success(let stated) = StatedRequestBody.load(
                    body, fixtures: fixtures, contractFile: contract.file)
            else { continue }
            let requestOptions = NodeDecodingOptions(model.makeDecoder())
            if wanted(requestOptions) { logs.append((model, log(of: model, stated.root, options: requestOptions))) }
        }
        return logs
    }

    /// Each decoding case's body of one contract decoded as the app's decoder does, each log handed
    /// on as it is made, so a suite's logs need not all be held at once.
    /// - Parameters:
    ///   - model: The contract's model.
    ///   - file: The contract's file, which its fixtures are found from.
    ///   - cases: The contract's cases.
    ///   - fixtures: Where the fixtures are.
    ///   - wanted: Which decoders to read with; a model of another is passed over.
    ///   - body: Given each body's log, in case order.
    static func read(
        _ model: ModelDescriptor, file: String, cases: [CaseEntry], fixtures: FixtureLocator,
        where wanted: (NodeDecodingOptions) -> Bool = { _ in true }, body: (KeyReadLog) -> Void
    ) {
        let options = NodeDecodingOptions(model.makeDecoder())
        guard wanted(options) else { return }
        for case .ready(let spec) in cases {
            guard case .decodes = spec.expect.kind, case .http = spec.response.kind,
                case .success(let loaded) = LoadedBody.load(spec.response, fixtures: fixtures, contractFile: file),
                !loaded.data.isEmpty, let root = try? JSONParser.parse(BodyEncoding.utf8(loaded.data))
            else { continue }
            body(log(of: model, root, options: options))
        }
    }

    /// What a model's decoding of a body read.
    private static func log(of model: ModelDescriptor, _ root: JSONNode, options: NodeDecodingOptions) -> KeyReadLog {
        let log = KeyReadLog()
        try? model.decode(from: NodeDecoder(node: root, codingPath: [], readLog: log, options: options))
        return log
    }
}
