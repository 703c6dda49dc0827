import ContractCatalogue
import Foundation

/// A model whose shape cannot be learnt: it reads its coordinates through a nested container,
/// which the shape probe cannot answer as JSONDecoder would. The engine's shape tests and the
/// exports' end-to-end tests both use it.
package enum UnlearnableModel {
    /// The model.
    package struct Place: Codable, Equatable, Sendable {
        let latitude: Double

        enum Keys: String, CodingKey { case location, latitude }

        package init(from decoder: any Decoder) throws {
            let location = try decoder.container(keyedBy: Keys.self).nestedContainer(
                keyedBy: Keys.self, forKey: .location)
            latitude = try location.decode(Double.self, forKey: .latitude)
        }
    }

    /// The model as a catalogue lists it, named `Place`.
    package static let place = ModelDescriptor(
        Place.self, name: "Place", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })
}
