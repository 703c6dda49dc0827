import DogPatchClients
import Foundation

/// The bare baseline: read each fixture and decode it with the API's own JSONDecoder into its
/// model, one after another, with nothing else.
enum Baseline {
    static func run(fixtures: URL) throws -> Int {
        var decoded = 0
        let folders: [(String, (Data) throws -> Int)] = [
            ("dogs", { try DogPatchAPI.makeDecoder().decode([Dog].self, from: $0).count }),
            ("countries/one", { _ = try RestCountriesAPI.makeDecoder().decode(Country.self, from: $0); return 1 }),
            ("countries/all", { try RestCountriesAPI.makeDecoder().decode([Country].self, from: $0).count }),
        ]
        for (folder, decode) in folders {
            let url = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                decoded += try decode(Data(contentsOf: url.appendingPathComponent(name)))
            }
        }
        return decoded
    }
}
