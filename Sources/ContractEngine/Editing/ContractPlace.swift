import ContractCatalogue
import Foundation

/// Where a contract file `add` writes to lies in the suite: its path as typed and as a file, the
/// fixtures folder, and what a new case or contract there is written with. Made by
/// `SuiteLocation.contractPlace`, which knows the suite's layout.
struct ContractPlace: Sendable {
    /// The path as typed, from the suite's root: how messages name the contract.
    let path: String
    /// The file.
    let url: URL
    /// The fixtures folder.
    let fixtures: FixtureLocator
    /// Where the contract's new fixtures go, relative to the fixtures folder: its path from
    /// `contracts/` without `.json` (`contracts/countries/by-name.json` → `countries/by-name`).
    let fixtureFolder: String
    /// `"$schema"` for a new contract file: the JSON Schema of contract files, from its folder;
    /// `nil` when the suite has none.
    let schema: String?
    /// A model as the suite knows it: naming a key a body lacks as the suite's bodies spell it.
    let spelling: @Sendable (ModelDescriptor) -> ModelDescriptor

    /// Creates one with every property given.
    init(
        path: String, url: URL, fixtures: FixtureLocator, fixtureFolder: String, schema: String?,
        spelling: @escaping @Sendable (ModelDescriptor) -> ModelDescriptor = { $0 }
    ) {
        self.path = path
        self.url = url
        self.fixtures = fixtures
        self.fixtureFolder = fixtureFolder
        self.schema = schema
        self.spelling = spelling
    }

    /// A contract of this place, its model as the suite knows it (`spelling`).
    /// - Parameter contract: The contract, as the loader read it.
    /// - Returns: The contract, naming a key a body lacks as `verify` does.
    func spelt(_ contract: Contract) -> Contract {
        contract.with(model: spelling(contract.model))
    }

    /// Whether the contract file is there.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Reads and loads the contract file.
    func read(with loader: ContractLoader) -> ContractLoader.Source {
        loader.read(contentsOf: url, file: path)
    }

    /// The fixture paths a contract's cases use, as `FixtureName` writes paths.
    static func fixturePaths(of contract: Contract) -> Set<String> {
        var paths: Set<String> = []
        for case .ready(let spec) in contract.cases {
            if let path = spec.response.fixturePath { paths.insert(RealPath.normalized(path)) }
        }
        return paths
    }

    /// A name for a new fixture in the contract's folder, used by no file and by none of `used`.
    func newFixture(named name: String, contentType: String?, besides used: Set<String>) -> String {
        FixtureName.path(in: fixtureFolder, name: name, contentType: contentType) { candidate in
            used.contains(candidate)
                || FileManager.default.fileExists(atPath: fixtures.root.appendingPathComponent(candidate).path)
        }
    }
}
