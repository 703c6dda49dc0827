import ContractCatalogue
import Foundation
import HTTPStub

/// The body's key for each key of each model, as the whole suite's bodies spell it: the one table
/// the prediction, the client's failure paths, `values` paths and mutate's mutants name a key by
/// when the body at hand does not spell it (a body that lacks `iso_639_1`, whose other objects
/// have no language either, still names it `iso_639_1`, not the strategy's `iso6391`). Learnt once
/// per run, the first time a key is asked for, by decoding the suite's decoding bodies as the
/// app's decoder does; a run that never needs it never reads them.
final class SuiteSpellings: Sendable {
    /// What the table is learnt from: each contract's model, file and cases.
    private struct Source: Sendable {
        let model: ModelDescriptor
        let file: String
        let cases: [CaseEntry]
    }

    private enum State: Sendable {
        case pending([Source], suite: (@Sendable () -> [LoadedContract])?, FixtureLocator)
        case learnt([String: [String: String]])
    }

    private let state: Locked<State>

    private init(sources: [Source], suite: (@Sendable () -> [LoadedContract])?, fixtures: FixtureLocator) {
        state = Locked(.pending(sources, suite: suite, fixtures))
    }

    /// The sources of the contracts whose decoders convert keys.
    private static func sources(_ contracts: [LoadedContract]) -> [Source] {
        var sources: [Source] = []
        for case .loaded(let contract) in contracts {
            guard NodeDecodingOptions(contract.model.makeDecoder()).convertsKeys else { continue }
            sources.append(Source(model: contract.model, file: contract.file, cases: contract.cases))
        }
        return sources
    }

    /// The loaded contracts, each model now spelling the keys its bodies lack as the suite does.
    /// - Parameters:
    ///   - contracts: The contracts the run loaded.
    ///   - fixtures: Where their fixtures are.
    ///   - suite: Loads the whole suite, where the run loaded only some of it (its PATHs), so that
    ///     a contract is named alike however it is selected; called only when the table is learnt.
    /// - Returns: The contracts, in the same order.
    static func attach(
        to contracts: [LoadedContract], fixtures: FixtureLocator, suite: (@Sendable () -> [LoadedContract])? = nil
    ) -> [LoadedContract] {
        let sources = sources(contracts)
        guard !sources.isEmpty else { return contracts }
        let table = SuiteSpellings(sources: sources, suite: suite, fixtures: fixtures)
        return contracts.map { loaded in
            guard case .loaded(let contract) = loaded else { return loaded }
            var model = contract.model
            let name = WireSpellings.key(model)
            model.suiteSpelling = { key in table.wireKey(for: key, model: name) }
            return .loaded(contract.with(model: model))
        }
    }

    /// The body's key for a key of a model, as the suite's bodies first spell it.
    /// - Parameters:
    ///   - key: The model's key.
    ///   - model: The model, by `WireSpellings.key(_:)`.
    /// - Returns: The body's key, or `nil` when no body of the suite spells it otherwise.
    func wireKey(for key: String, model: String) -> String? {
        state.withLock { state in
            if case .pending(let loaded, let suite, let fixtures) = state {
                var table: [String: [String: String]] = [:]
                // The run's own contracts first, then the rest of the suite.
                let files = Set(loaded.map(\.file))
                let rest = (suite?() ?? []).filter { entry in
                    guard case .loaded(let contract) = entry else { return false }
                    return !files.contains(contract.file)
                }
                for source in loaded + Self.sources(rest) {
                    SuiteBodies.read(source.model, file: source.file, cases: source.cases, fixtures: fixtures) { log in
                        table[WireSpellings.key(source.model), default: [:]].merge(log.spellings) { first, _ in first }
                    }
                }
                state = .learnt(table)
            }
            guard case .learnt(let table) = state else { return nil }
            return table[model]?[key]
        }
    }
}
