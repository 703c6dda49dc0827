import ContractCatalogue
import Foundation

extension SuiteSelection {
    /// Why a run ran no case, as a value; the command line words it with its flags.
    package enum Empty: Sendable, Equatable {
        /// No case matches the filters given (the empty ones left out); `nearest` is the case
        /// name or contract a filter most likely meant, if one is near.
        case noFilterMatch([String], nearest: String?)
        /// Every selected case falls in another shard; `narrowed` when PATHs narrowed the run too.
        case emptyShard(index: Int, count: Int, narrowed: Bool)
        /// The PATHs given hold no contract.
        case noContractsInPaths
        /// The contracts folder, as given or the default, holds no contract.
        case noContractsInFolder(String)

        /// Whether it is only worth a warning: a shard the split of a whole suite left empty.
        /// Anything else that selects nothing (a filter, a PATH, a folder) is an error, so that
        /// nothing is green by accident.
        package var isWarning: Bool {
            if case .emptyShard(_, _, narrowed: false) = self { return true }
            return false
        }
    }

    /// Why a run of this selection that ran no case ran none: the filters, the shard, or no
    /// contracts at all, in that order.
    var whyEmpty: Empty {
        let filters = options.filters.filter { !$0.isEmpty }
        if !filters.isEmpty { return .noFilterMatch(filters, nearest: nearest(to: filters)) }
        if let shard = options.shard {
            return .emptyShard(index: shard.index, count: shard.count, narrowed: !isUnnarrowed)
        }
        if !options.paths.isEmpty { return .noContractsInPaths }
        return .noContractsInFolder(options.contractsFolder ?? SuiteLocation.contractsName)
    }

    /// The case name or contract (its path, or its file's name without `.json`) nearest one of the
    /// filters, for "did you mean": the first filter that has one near.
    private func nearest(to filters: [String]) -> String? {
        var names: [String] = []
        for contract in contracts {
            let file: String
            switch contract {
            case .invalid(let path, _, _): file = path
            case .loaded(let loaded):
                file = loaded.file
                names += loaded.cases.map(\.name)
            }
            let stem = (file as NSString).lastPathComponent
            names += [file, stem.hasSuffix(".json") ? String(stem.dropLast(5)) : stem]
        }
        return filters.lazy.compactMap { NearestName.nearest(to: $0, among: names) }.first
    }

    /// Why the selection holds no item, or `nil` when it holds one: what `verify`, `mutate`,
    /// `export` and `record` refuse (exit 2) before they write anything, so that a filter that
    /// matches nothing is never green and never replaces a document with an empty one.
    package var selectsNothing: Empty? {
        items.isEmpty ? whyEmpty : nil
    }
}
