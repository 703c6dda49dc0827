import ContractCatalogue
import Foundation

/// What one run works on, made once from the options and the location: the loaded contracts, the
/// items the PATHs, filters and shard select, the fixtures folder, whether the run is the whole
/// suite, and the run's identity. `verify`, `list`, `record`, `mutate`, `export`, `serve` and
/// `ContractSuite` read it; `Verifier` runs it.
package struct SuiteSelection: Sendable {
    /// What to run and how.
    let options: VerifyOptions
    /// The folder the run started in and the suite around it.
    let location: SuiteLocation
    /// The fixtures folder: one for the whole run, so what loading learns of its folders (resolved,
    /// listed) serves reading the fixtures too.
    let fixtureLocator: FixtureLocator
    /// Every contract found, loaded or not, in suite order (before any filter).
    let contracts: [LoadedContract]
    /// The items the PATHs and filters select, before the shard cut.
    let selected: [SuiteItem]
    /// Each contract's path inside the contracts folder, by its identity, for those that lie in it.
    let shardPaths: [String: String]
    /// The items of the run: the selected ones in the run's shard, in suite order.
    let items: [SuiteItem]
    /// Whether no PATH or filter narrows the run: no filter that is not empty, and no PATH but the
    /// contracts folder itself (`verify contracts/` is the whole suite, however it is spelt). A
    /// shard of such a run is part of a whole run, not a narrowed one; `isWholeSuite` is the run
    /// that is also not a shard.
    let isUnnarrowed: Bool

    /// A problem with the run itself rather than with one contract, as a value: the command line
    /// and `ContractSuite` each word it in their own terms (a flag, a parameter).
    package enum UsageError: Error, Sendable, Equatable {
        /// The fixtures folder given does not exist.
        case fixturesFolderMissing(String)
        /// The fixtures folder given is a file.
        case fixturesFolderIsAFile(String)
        /// The contracts folder does not exist.
        case contractsFolderMissing(String)
        /// No contracts folder was given and the default one does not exist: the folders looked in
        /// (the current folder and its parents, when no suite was found above it; else the root
        /// found by its `Package.swift`, which holds no `contracts/`).
        case noSuite(lookedFrom: String, root: String?)
        /// A contract path given does not exist; `nearest` is the existing path it most likely
        /// meant, if one is near.
        case pathMissing(String, nearest: String?)
        /// A contract of another suite (or of none), read without a fixtures folder of its own.
        case otherSuite(contract: String, suiteRoot: String?, root: String)
        /// Base URLs that do not fit the catalogue or the contracts.
        case baseURL(BaseURLChoice.Mismatch)
        /// A live run whose selection holds no recorded case.
        case nothingRecorded
    }

    /// Loads the suite and selects the run's items.
    /// - Parameters:
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - options: The folders, PATHs, filters and shard.
    ///   - location: The folder the run started in and the suite around it.
    /// - Throws: `UsageError` when a given path or folder is missing, a fixtures folder is a file,
    ///   or a contract belongs to another suite.
    package init(catalogue: Catalogue, options: VerifyOptions, location: SuiteLocation) throws(UsageError) {
        self.options = options
        self.location = location
        fixtureLocator = location.fixtures(options.fixturesFolder)
        let loading = SuiteLoading(catalogue: catalogue, options: options, location: location)
        let loaded = try loading.load(fixtures: fixtureLocator)
        // A run of some PATHs names keys as the whole suite's bodies spell them, as a whole run does.
        var wholeSuite = options
        wholeSuite.paths = []
        let suite: (@Sendable () -> [LoadedContract])? =
            options.paths.isEmpty
            ? nil
            : { @Sendable [fixtureLocator, wholeSuite] in
                let loading = SuiteLoading(catalogue: catalogue, options: wholeSuite, location: location)
                return (try? loading.load(fixtures: fixtureLocator).contracts) ?? []
            }
        contracts = SuiteSpellings.attach(to: loaded.contracts, fixtures: fixtureLocator, suite: suite)
        shardPaths = loaded.shardPaths
        selected = Self.select(contracts, filters: options.filters)
        items = Self.cut(
            selected, keys: selected.map { [shardPaths] in Self.shardKey(of: $0, paths: shardPaths) },
            shard: options.shard)
        isUnnarrowed = loading.isUnnarrowed
    }

    /// Whether the run is the whole suite: not narrowed (`isUnnarrowed`) and not a shard either,
    /// so every case of the suite runs in it.
    var isWholeSuite: Bool { isUnnarrowed && options.shard == nil }

    /// What sharding hashes for an item: the case's identity in the suite as every checkout of it
    /// spells it, the contract's path inside the contracts folder (its identity when it lies
    /// elsewhere) and the case's name, whatever the folder is called, wherever the checkout lies
    /// and however the folder was typed.
    static func shardKey(of item: SuiteItem, paths: [String: String]) -> String {
        (paths[item.contractFile] ?? item.contractFile) + "\u{0}" + item.caseName
    }

    /// What identifies a run among the runs of a suite: the same for every shard of one run, and
    /// different when anything the run reads differs (a stale shard from before a change): the
    /// selected cases, and the bytes of their contracts and fixtures. A SipHash, in hexadecimal.
    var runIdentity: String {
        // A file many cases read is read and hashed once.
        var digests: [String: String] = [:]
        func digest(_ path: String?) -> String {
            guard let path else { return "-" }
            if let known = digests[path] { return known }
            let found: String
            switch RegularFile.read(path, limit: FixtureStore.maxFixtureBytes) {
            case .success(let data): found = String(SipHash.hash(data), radix: 16)
            case .failure: found = "unreadable"
            }
            digests[path] = found
            return found
        }
        var lines: [String] = []
        for item in selected {
            var line = Self.shardKey(of: item, paths: shardPaths)
            switch item {
            case .contractError(_, _, let diagnostics):
                line += diagnostics.map { "\u{0}" + $0.message }.joined()
            case .contractCase(let contract, let entry):
                line += "\u{0}" + digest(contract.url?.path)
                if case .ready(let spec) = entry, case .http(_, _, .fixture(_, let file, _)) = spec.response.kind {
                    line += "\u{0}" + digest(file)
                }
            }
            lines.append(line)
        }
        let hash = SipHash.hash(lines.sorted().joined(separator: "\n").utf8)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The contracts the run's items belong to, each once, in suite order, for a run that works
    /// on whole contracts (`export`): those with a case in the run that is ready.
    var itemContracts: [Contract] {
        var contracts: [Contract] = []
        for case .contractCase(let contract, .ready) in items where contracts.last?.file != contract.file {
            contracts.append(contract)
        }
        return contracts
    }

    /// What the run's cases share.
    var runContext: RunContext { options.runContext(fixtures: fixtureLocator) }

    /// What `verify` would find wrong with the fixtures of the loaded contracts before running any
    /// case: a fixture that is missing, unreadable or too large. Each problem once, in suite order.
    var loadedFixtureProblems: [Diagnostic] {
        fixtureProblems(in: contracts.compactMap { if case .loaded(let contract) = $0 { contract } else { nil } })
    }

    /// What `verify` would find wrong with the fixtures of contracts before running any case.
    /// - Parameter contracts: The contracts.
    /// - Returns: The diagnostics, each once, in suite order.
    func fixtureProblems(in contracts: [Contract]) -> [Diagnostic] {
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

    /// The loaded contracts' items narrowed by the filters, before any shard cut.
    private static func select(_ contracts: [LoadedContract], filters: [String]) -> [SuiteItem] {
        var items: [SuiteItem] = []
        for contract in contracts {
            switch contract {
            case .invalid(let file, let endpoint, let diagnostics):
                items.append(.contractError(file: file, endpoint: endpoint, diagnostics: diagnostics))
            case .loaded(var contract):
                contract.warnings = contract.unmatchedIgnoredKeyPatterns()
                items += contract.cases.map { .contractCase(contract, $0) }
            }
        }
        let filters = filters.filter { !$0.isEmpty }
        if !filters.isEmpty {
            items = items.filter { $0.matches(any: filters) }
        }
        return items
    }

    /// The selected items in the run's shard, or all of them when the run is not sharded.
    private static func cut(_ items: [SuiteItem], keys: [String], shard: (index: Int, count: Int)?) -> [SuiteItem] {
        guard let shard else { return items }
        let shards = Self.shards(of: keys, count: shard.count)
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
