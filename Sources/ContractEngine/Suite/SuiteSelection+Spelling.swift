import ContractCatalogue
import Foundation
import HTTPStub

extension SuiteSelection {
    /// How a command that reads bodies outside a run (`explain FILE`, `add`) names a key a body
    /// lacks: as the suite's bodies spell it (`SuiteSpellings`), as `verify` does. The suite is
    /// loaded the first time a model whose decoder converts keys is asked for, once.
    final class Spelling: Sendable {
        private let catalogue: Catalogue
        private let location: SuiteLocation
        private let fixtures: String?
        private let loaded = Locked<[LoadedContract]?>(nil)

        /// The spelling of the suite at a location.
        /// - Parameters:
        ///   - catalogue: The catalogue the suite's contracts name.
        ///   - location: Where the suite is.
        ///   - fixtures: The fixtures folder the user named, if any.
        init(catalogue: Catalogue, location: SuiteLocation, fixtures: String?) {
            self.catalogue = catalogue
            self.location = location
            self.fixtures = fixtures
        }

        /// A model as the suite knows it; the model as given where its decoder converts no keys, no
        /// suite is found, or no contract of the suite reads the model.
        /// - Parameter model: The model.
        /// - Returns: The model, spelling as the suite does where it can.
        func model(_ model: ModelDescriptor) -> ModelDescriptor {
            guard NodeDecodingOptions(model.makeDecoder()).convertsKeys else { return model }
            let name = WireSpellings.key(model)
            for case .loaded(let contract) in contracts() where WireSpellings.key(contract.model) == name {
                var known = model
                known.suiteSpelling = contract.model.suiteSpelling
                return known
            }
            return model
        }

        private func contracts() -> [LoadedContract] {
            loaded.withLock { loaded in
                if let loaded { return loaded }
                var options = VerifyOptions()
                options.fixturesFolder = fixtures
                let found =
                    (try? SuiteSelection(catalogue: catalogue, options: options, location: location))?.contracts ?? []
                loaded = found
                return found
            }
        }
    }
}
