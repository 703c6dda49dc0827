import DogPatchClients
import Foundation

/// Runs a suite: discovers and loads contracts, then predicts, replays and checks every case.
package struct Verifier: Sendable {
    let catalogue: Catalogue
    let options: VerifyOptions
    let location: SuiteLocation
    /// The fixtures folder: one for the whole run, so what loading learns of its folders (resolved,
    /// listed) serves reading the fixtures too.
    package let fixtureLocator: FixtureLocator

    /// A problem with the run itself rather than with one contract, as a value: the command line
    /// and `ContractSuite` each word it in their own terms (a flag, a parameter).
    package enum UsageError: Error, Sendable, Equatable {
        /// The fixtures folder given does not exist.
        case fixturesFolderMissing(String)
        /// The fixtures folder given is a file.
        case fixturesFolderIsAFile(String)
        /// The contracts folder does not exist.
        case contractsFolderMissing(String)
        /// A contract path given does not exist.
        case pathMissing(String)
        /// A contract of another suite (or of none), read without a fixtures folder of its own.
        case otherSuite(contract: String, suiteRoot: String?, root: String)
        /// Base URLs that do not fit the catalogue or the contracts.
        case baseURL(BaseURLChoice.Mismatch)
        /// A live run whose selection holds no recorded case.
        case nothingRecorded
    }

    /// Creates a verifier.
    /// - Parameters:
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - options: What to run and how.
    ///   - location: The folder the run started in and the suite around it.
    package init(catalogue: Catalogue, options: VerifyOptions, location: SuiteLocation) {
        self.catalogue = catalogue
        self.options = options
        self.location = location
        fixtureLocator = location.fixtures(options.fixturesFolder)
    }

    /// Whether the run selects the whole suite: no filter that is not empty, and no PATH but the
    /// contracts folder itself (`verify contracts/` is the whole suite, however it is spelt).
    /// A shard is a part of a whole run, not a narrowed one.
    package var selectsWholeSuite: Bool {
        guard options.filters.allSatisfy(\.isEmpty) else { return false }
        guard !options.paths.isEmpty else { return true }
        let contracts = location.folder(options.contractsFolder, default: SuiteLocation.contractsName).url
        guard let folder = RealPath.of(contracts.path) else { return false }
        return options.paths.allSatisfy { RealPath.of(location.resolve($0).path) == folder }
    }

    /// What `verify` would find wrong with the fixtures of loaded contracts before running any case:
    /// a fixture that is missing, unreadable or too large. Each problem once, in suite order.
    /// - Parameter contracts: The loaded contracts.
    /// - Returns: The diagnostics.
    package func fixtureProblems(in contracts: [LoadedContract]) -> [Diagnostic] {
        fixtureProblems(in: contracts.compactMap { if case .loaded(let contract) = $0 { contract } else { nil } })
    }

    /// What `verify` would find wrong with the fixtures of contracts before running any case.
    /// - Parameter contracts: The contracts.
    /// - Returns: The diagnostics, each once, in suite order.
    package func fixtureProblems(in contracts: [Contract]) -> [Diagnostic] {
        var seen: Set<String> = []
        var problems: [Diagnostic] = []
        for contract in contracts {
            for case .ready(let spec) in contract.cases {
                guard case .http(_, _, .fixture(_, let file, _)) = spec.response.kind, seen.insert(file).inserted
                else { continue }
                if case .failure(let problem) = LoadedBody.load(
                    spec.response, fixtures: fixtureLocator, contractFile: contract.file)
                {
                    problems.append(problem)
                }
            }
        }
        return problems
    }

    /// Loads the suite.
    /// - Returns: The loaded contracts in a stable order.
    /// - Throws: `UsageError` when a given path or folder is missing, or a fixtures folder is a file.
    package func loadSuite() throws(UsageError) -> [LoadedContract] {
        try loadSuite(fixtures: fixtureLocator)
    }

    private func loadSuite(fixtures: FixtureLocator) throws(UsageError) -> [LoadedContract] {
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
        let contracts = location.folder(options.contractsFolder, default: SuiteLocation.contractsName)
        let found: [ContractDiscovery.Found]
        do {
            found =
                try options.paths.isEmpty
                ? discovery.find(folder: contracts.url, display: contracts.display) : discovery.find(options.paths)
        } catch {
            throw options.paths.isEmpty ? .contractsFolderMissing(error.path) : .pathMissing(error.path)
        }
        return try placed(found).concurrentMap { loader.load(contentsOf: $0.url, file: $0.display) }
    }

    /// The found contracts named by their identity in the suite, in that order; a contract of
    /// another suite (whose cases read that suite's fixtures) is refused unless the fixtures
    /// folder was given.
    private func placed(_ found: [ContractDiscovery.Found]) throws(UsageError) -> [ContractDiscovery.Found] {
        let membership = SuiteMembership(root: location.root)
        let contracts = location.folder(options.contractsFolder, default: SuiteLocation.contractsName)
        let contractsParent = RealPath.of(contracts.url.deletingLastPathComponent().path)
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

    /// Runs the suite.
    /// - Parameter progress: Called after each case with the number done and the total.
    /// - Returns: One result a case (or a contract that failed to load), in suite order.
    /// - Throws: `UsageError` when a given path or the fixtures folder is missing.
    package func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(UsageError) -> [CaseResult] {
        try await runSelection(progress: progress).results
    }

    /// What identifies a run among the runs of a suite: the same for every shard of one run, and
    /// different when the selection before the cut differs (a stale shard from before a change).
    /// - Parameter selected: The items selected before the shard cut.
    /// - Returns: A SipHash of their identities, in hexadecimal.
    static func runIdentity(of selected: [SuiteItem]) -> String {
        let hash = SipHash.hash(selected.map(\.shardKey).sorted().joined(separator: "\n").utf8)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Runs the suite, and says which run it was.
    /// - Parameter progress: Called after each case with the number done and the total.
    /// - Returns: One result a case (or a contract that failed to load), in suite order, and the
    ///   run's identity (`runIdentity(of:)`).
    /// - Throws: `UsageError` when a given path or the fixtures folder is missing.
    package func runSelection(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(UsageError) -> (
        results: [CaseResult], run: String
    ) {
        let selected = selectItems(try loadSuite(fixtures: fixtureLocator))
        let items = cut(selected)
        if options.live {
            let contracts = items.compactMap { item -> Contract? in
                if case .contractCase(let contract, _) = item { contract } else { nil }
            }
            if let mismatch = options.baseURLs.mismatch(in: catalogue, contracts: contracts) {
                throw .baseURL(mismatch)
            }
            // A live run that checks nothing must not pass: a nightly job would stay green forever.
            // The run is the whole selection: a shard that holds no recorded case while others do
            // skips its cases and passes, as an empty shard does.
            let recorded = selected.contains { item in
                if case .contractCase(_, .ready(let spec)) = item {
                    spec.recorded != nil && spec.skip == nil
                } else {
                    false
                }
            }
            let invalid = selected.contains { item in
                if case .contractCase(_, .ready) = item { false } else { true }
            }
            // An invalid contract fails the run anyway, and says why.
            if !recorded, !invalid { throw .nothingRecorded }
        }
        let run = options.runContext(fixtures: fixtureLocator)
        let live = options.live ? options.liveSettings : nil
        let results = await WorkerPool.map(count: items.count, jobs: options.jobs, progress: progress) { index in
            await items[index].verify(in: run, live: live)
        }
        return (DiagnosticRules.apply(to: results, strict: options.strict), Self.runIdentity(of: selected))
    }

    /// The suite's units of work, narrowed by the filters and the shard, in suite order.
    /// - Throws: `UsageError` when a given path or the fixtures folder is missing.
    package func items() throws(UsageError) -> [SuiteItem] {
        cut(selectItems(try loadSuite(fixtures: fixtureLocator)))
    }

    /// The loaded contracts' items narrowed by the filters, before any shard cut.
    private func selectItems(_ contracts: [LoadedContract]) -> [SuiteItem] {
        var items: [SuiteItem] = []
        for contract in contracts {
            switch contract {
            case .invalid(let file, let endpoint, let diagnostics):
                items.append(.contractError(file: file, endpoint: endpoint, diagnostics: diagnostics))
            case .loaded(let contract):
                items += contract.cases.map { .contractCase(contract, $0) }
            }
        }
        let filters = options.filters.filter { !$0.isEmpty }
        if !filters.isEmpty {
            items = items.filter { $0.matches(any: filters) }
        }
        return items
    }

    /// The selected items in the run's shard, or all of them when the run is not sharded.
    private func cut(_ items: [SuiteItem]) -> [SuiteItem] {
        guard let shard = options.shard else { return items }
        let shards = Self.shards(of: items.map(\.shardKey), count: shard.count)
        return zip(items, shards).filter { $0.1 == shard.index - 1 }.map(\.0)
    }

    /// The shard (from 0) each case falls in. The cases are ordered by their identity hashed with
    /// SipHash, in which every byte counts, and that order is cut into `count` runs of equal
    /// length: each shard gets a spread of the suite and the sizes differ by one at most, where a
    /// hash alone leaves 1,000 cases in 8 shards some 10% apart by chance. Every machine of a
    /// sharded run selects the same cases, so each computes the same cut.
    /// - Parameters:
    ///   - keys: The cases' identities, in suite order.
    ///   - count: The number of shards.
    /// - Returns: Each case's shard, in the same order.
    static func shards(of keys: [String], count: Int) -> [Int] {
        let hashes = keys.map { SipHash.hash($0.utf8) }
        let order = keys.indices.sorted { (hashes[$0], keys[$0], $0) < (hashes[$1], keys[$1], $1) }
        var shards = [Int](repeating: 0, count: keys.count)
        for (rank, index) in order.enumerated() {
            shards[index] = rank * count / keys.count
        }
        return shards
    }
}
