import ContractCatalogue
import Foundation

/// The body's key for each key of each model, as the suite's own bodies spell it: a key strategy
/// reads some keys from several spellings (`convertFromSnakeCase` reads `iso31661` from
/// `iso_3166_1` and from `iso31661`), and an export states the one the server writes. Learnt by
/// decoding each decoding case's body as the app's decoder does, writing down the key each key of
/// the model was read from.
enum WireSpellings {
    /// The spellings the bodies of some contracts' decoding cases and stated requests use, by
    /// model name.
    /// - Parameters:
    ///   - contracts: The contracts.
    ///   - fixtures: Where their fixtures are.
    /// - Returns: By `key(_:)` of each model whose bodies spell a key otherwise than the model, the body's key
    ///   for each such key of the model; the first body's spelling wins.
    static func of(_ contracts: [Contract], fixtures: FixtureLocator) -> [String: [String: String]] {
        var byModel: [String: [String: String]] = [:]
        for (model, log) in SuiteBodies.read(contracts, fixtures: fixtures, where: \.convertsKeys) {
            byModel[key(model), default: [:]].merge(log.spellings) { first, _ in first }
        }
        return byModel
    }

    /// The name the spellings of a model are kept under: `[Country]` and `Country` share them.
    static func key(_ model: ModelDescriptor) -> String {
        model.name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }
}
