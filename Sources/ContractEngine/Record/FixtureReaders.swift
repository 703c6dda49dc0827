import ContractCatalogue
import Foundation
import HTTPStub

/// Every case of the whole suite that reads a fixture, by the fixture's resolved path, whatever
/// the selection: a fixture that a case outside the selection shares is checked against that
/// case too before `record` rewrites it. Read again under the suite's lock before each write,
/// but only as far as the files changed: a contract whose bytes changed (`record`'s own stamp, an
/// edit meanwhile) is parsed again alone, and the whole suite is loaded again only when a
/// contract file came or went, or one could not be read. What is compared is the contracts'
/// bytes: a fixture that became a link meanwhile, under a contract that did not change, is not
/// looked at again.
final class FixtureReaders: Sendable {
    /// The readers when the run starts.
    let initial: [String: [CaseRecorder.Case]]

    private let catalogue: Catalogue
    /// The options that load the whole suite: the selection's folders, no PATH, no filter.
    private let whole: VerifyOptions
    private let location: SuiteLocation

    /// The suite as last read.
    private struct State {
        /// Every contract of the suite, loaded or not, in suite order.
        var contracts: [LoadedContract]
        /// Each contract file's bytes, by its path, read before the contracts were; `nil` when
        /// unknown, so that the next read loads the whole suite.
        var snapshot: [String: Data]?
    }

    private let state: Locked<State>

    /// Reads the whole suite's readers: from the selection when it loaded the whole suite, else
    /// loaded once more.
    /// - Throws: `SuiteSelection.UsageError` when the whole suite cannot be read.
    init(of selection: SuiteSelection, catalogue: Catalogue) throws(SuiteSelection.UsageError) {
        var whole = VerifyOptions()
        whole.contractsFolder = selection.options.contractsFolder
        whole.fixturesFolder = selection.options.fixturesFolder
        self.catalogue = catalogue
        self.whole = whole
        location = selection.location
        var loaded = State(contracts: selection.contracts, snapshot: nil)
        if !selection.options.paths.isEmpty {
            // The PATHs narrowed the loading itself: the rest of the suite is read here.
            let snapshot = Self.snapshot(whole, location: location)
            loaded = State(
                contracts: try SuiteSelection(catalogue: catalogue, options: whole, location: location).contracts,
                snapshot: snapshot)
        }
        initial = Self.readers(of: loaded.contracts)
        state = Locked(loaded)
    }

    /// The readers as the files are now.
    /// - Returns: The readers, or `nil` when the suite cannot be read.
    func current() -> [String: [CaseRecorder.Case]]? {
        state.withLock { state in
            let now = Self.snapshot(whole, location: location)
            if let now, let before = state.snapshot, Set(now.keys) == Set(before.keys),
                let contracts = reparsed(state.contracts, changed: now.filter { before[$0.key] != $0.value })
            {
                state = State(contracts: contracts, snapshot: now)
                return Self.readers(of: contracts)
            }
            guard let reloaded = try? SuiteSelection(catalogue: catalogue, options: whole, location: location) else {
                state.snapshot = nil
                return nil
            }
            state = State(contracts: reloaded.contracts, snapshot: now)
            return Self.readers(of: reloaded.contracts)
        }
    }

    /// The contracts with those whose bytes changed parsed again from those bytes; `nil` when a
    /// changed file is not a contract that loaded (its name in the suite is then not known here).
    private func reparsed(_ contracts: [LoadedContract], changed: [String: Data]) -> [LoadedContract]? {
        var contracts = contracts
        // A fixtures folder of its own, listed afresh: a link made meanwhile resolves as a new load's would.
        let loader = ContractLoader(catalogue: catalogue, fixtures: location.fixtures(whole.fixturesFolder))
        for (path, data) in changed {
            guard
                let index = contracts.firstIndex(where: {
                    if case .loaded(let contract) = $0 { contract.url?.path == path } else { false }
                }), case .loaded(let old) = contracts[index]
            else { return nil }
            var loaded = loader.load(data, file: old.file)
            if case .loaded(var contract) = loaded {
                contract.url = old.url
                loaded = .loaded(contract)
            }
            contracts[index] = loaded
        }
        return contracts
    }

    /// The bytes of every contract file of the whole suite, by path; `nil` when the folder or a
    /// file cannot be read.
    private static func snapshot(_ whole: VerifyOptions, location: SuiteLocation) -> [String: Data]? {
        let folder = location.folder(whole.contractsFolder, default: SuiteLocation.contractsName)
        guard let found = try? ContractDiscovery(location: location).find(folder: folder.url, display: folder.display)
        else { return nil }
        var snapshot: [String: Data] = [:]
        for file in found {
            guard case .success(let data) = RegularFile.read(file.url.path, limit: ContractLoader.maxContractBytes)
            else { return nil }
            snapshot[file.url.path] = data
        }
        return snapshot
    }

    /// Every ready case that reads a fixture, by the fixture's resolved path, in suite order.
    private static func readers(of contracts: [LoadedContract]) -> [String: [CaseRecorder.Case]] {
        var readers: [String: [CaseRecorder.Case]] = [:]
        for case .loaded(let contract) in contracts {
            for case .ready(let spec) in contract.cases {
                if case .http(_, _, .fixture(_, let file, _)) = spec.response.kind {
                    readers[file, default: []].append(CaseRecorder.Case(contract: contract, spec: spec))
                }
            }
        }
        return readers
    }
}
