import ContractCatalogue
import Foundation

/// How a selection finds and loads its contracts: the contracts folder or the PATHs, each contract
/// named by its identity in the suite. Used once, by `SuiteSelection.init`.
struct SuiteLoading {
    let catalogue: Catalogue
    let options: VerifyOptions
    let location: SuiteLocation

    /// The contracts folder, as given or by default.
    private var contractsFolder: (url: URL, display: String) {
        location.folder(options.contractsFolder, default: SuiteLocation.contractsName)
    }

    /// Whether no filter that is not empty and no PATH but the contracts folder narrow the suite.
    var isUnnarrowed: Bool {
        guard options.filters.allSatisfy(\.isEmpty) else { return false }
        guard !options.paths.isEmpty else { return true }
        guard let folder = RealPath.of(contractsFolder.url.path) else { return false }
        return options.paths.allSatisfy { RealPath.of(location.resolve($0).path) == folder }
    }

    /// Loads the suite.
    /// - Parameter fixtures: The run's fixtures folder.
    /// - Returns: The loaded contracts in a stable order, and each one's path inside the contracts
    ///   folder by its identity (for the contracts that lie in it), which shards key on.
    /// - Throws: `UsageError` when a given path or folder is missing, or a fixtures folder is a file.
    func load(fixtures: FixtureLocator) throws(SuiteSelection.UsageError) -> (
        contracts: [LoadedContract], shardPaths: [String: String]
    ) {
        // A missing default fixtures folder is fine (git keeps no empty folder): only a case that
        // names a fixture needs it, and that case says so.
        var isFolder: ObjCBool = false
        let fixturesExist = FileManager.default.fileExists(atPath: fixtures.root.path, isDirectory: &isFolder)
        if let given = options.fixturesFolder {
            guard fixturesExist else { throw .fixturesFolderMissing(given) }
            guard isFolder.boolValue else { throw .fixturesFolderIsAFile(given) }
        }
        let loader = ContractLoader(catalogue: catalogue, fixtures: fixtures)
        let discovery = ContractDiscovery(location: location)
        let contracts = contractsFolder
        let found: [ContractDiscovery.Found]
        do {
            found =
                try options.paths.isEmpty
                ? discovery.find(folder: contracts.url, display: contracts.display) : discovery.find(options.paths)
        } catch {
            guard options.paths.isEmpty else {
                throw .pathMissing(
                    error.path, nearest: NearestPath.nearest(to: error.path, from: location.currentDirectory))
            }
            guard options.contractsFolder == nil else { throw .contractsFolderMissing(error.path) }
            throw .noSuite(
                lookedFrom: location.currentDirectory.path, root: location.isFound ? location.root.path : nil)
        }
        let placed = try placed(found)
        // Shards key on a contract's path inside the contracts folder, not on the folder's name or
        // on where the checkout lies, so every checkout of a shared suite splits it alike.
        var shardPaths: [String: String] = [:]
        if let folder = RealPath.of(contracts.url.path) {
            for file in placed {
                if let inside = Self.identity(of: file.realPath, under: folder) { shardPaths[file.display] = inside }
            }
        }
        return (placed.concurrentMap { loader.load(contentsOf: $0.url, file: $0.display) }, shardPaths)
    }

    /// The found contracts named by their identity in the suite, in that order; a contract of
    /// another suite (whose cases read that suite's fixtures) is refused unless the fixtures
    /// folder was given.
    private func placed(_ found: [ContractDiscovery.Found]) throws(SuiteSelection.UsageError)
        -> [ContractDiscovery.Found]
    {
        let membership = SuiteMembership(root: location.root)
        let contractsParent = RealPath.of(contractsFolder.url.deletingLastPathComponent().path)
        var placed: [ContractDiscovery.Found] = []
        var roots: [String: Bool] = [:]
        for file in found {
            switch membership.place(realPath: file.realPath, roots: &roots) {
            case .inside(let identity):
                placed.append(ContractDiscovery.Found(url: file.url, display: identity, realPath: file.realPath))
            case .outside(let suiteRoot) where options.fixturesFolder != nil:
                // Another suite's contract, read with the fixtures given: named by its path from
                // its own suite's root, so two checkouts in different folders shard and report it alike.
                let identity = Self.identity(of: file.realPath, under: suiteRoot ?? contractsParent) ?? file.display
                placed.append(ContractDiscovery.Found(url: file.url, display: identity, realPath: file.realPath))
            case .outside(let suiteRoot):
                throw .otherSuite(contract: file.display, suiteRoot: suiteRoot, root: membership.root)
            }
        }
        return placed.sorted { $0.display < $1.display }
    }

    /// A file's path from a folder above it, or `nil` when it is not below it.
    private static func identity(of realPath: String, under folder: String?) -> String? {
        guard let folder else { return nil }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard realPath.hasPrefix(prefix) else { return nil }
        return String(realPath.dropFirst(prefix.count))
    }
}
