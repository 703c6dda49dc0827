import ContractCatalogue
import Foundation

/// What the app's decoder accepts in the suite's own bodies, which the model alone cannot say:
/// the raw values of enums that list no cases and the forms of dates under a strategy the tool
/// cannot read. Learnt by decoding each decoding case's body as the app's decoder does.
enum SuiteBodies {
    /// The values accepted in the bodies of some contracts' decoding cases, by model.
    /// - Parameters:
    ///   - contracts: The contracts.
    ///   - fixtures: Where their fixtures are.
    /// - Returns: By `WireSpellings.key(_:)` of each model, what its decoder accepted.
    static func accepted(_ contracts: [Contract], fixtures: FixtureLocator) -> [String: AcceptedValues] {
        var byModel: [String: AcceptedValues] = [:]
        for (contract, log) in read(contracts, fixtures: fixtures) {
            byModel[WireSpellings.key(contract.model), default: AcceptedValues()].merge(log.accepted)
        }
        return byModel
    }

    /// Each decoding case's body decoded as the app's decoder does, with the log of what the
    /// decoding read: the keys it asked for and the values it accepted. A body that does not
    /// decode still shows what was read before it failed.
    /// - Parameters:
    ///   - contracts: The contracts.
    ///   - fixtures: Where their fixtures are.
    ///   - options: Which decoders to read with; the others' contracts are passed over.
    /// - Returns: Each body's contract and log, in suite order.
    static func read(
        _ contracts: [Contract], fixtures: FixtureLocator,
        where wanted: (NodeDecodingOptions) -> Bool = { _ in true }
    ) -> [(contract: Contract, log: KeyReadLog)] {
        var logs: [(contract: Contract, log: KeyReadLog)] = []
        for contract in contracts {
            read(contract.model, file: contract.file, cases: contract.cases, fixtures: fixtures, where: wanted) {
                logs.append((contract, $0))
            }
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
            let log = KeyReadLog()
            try? model.decode(from: NodeDecoder(node: root, codingPath: [], readLog: log, options: options))
            body(log)
        }
    }
}
