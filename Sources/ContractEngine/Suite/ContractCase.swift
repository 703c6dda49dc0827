import Foundation

/// One case of a contract suite, ready to verify: a test argument named
/// `contracts/x.json › case name`, the same identity the command line and its reports use.
public struct ContractCase: Sendable, Identifiable, CustomStringConvertible {
    let item: SuiteItem
    /// What every case of the suite shares.
    let run: RunContext
    /// The suite's root.
    let root: URL

    init(item: SuiteItem, root: URL, run: RunContext) {
        self.item = item
        self.root = root
        self.run = run
    }

    /// The contract file, from the suite's root: `contracts/countries/by-name.json`.
    public var contract: String { item.contractFile }
    /// The case's name; `(contract)` for a contract that failed to load.
    public var name: String { item.caseName }
    /// `contracts/x.json › case name`: stable across runs, so one case can be run again alone.
    public var id: String { "\(contract) › \(name)" }
    /// The same as `id`, with control characters escaped.
    public var description: String { VisibleText.escaped(id) }
    /// The contract file on disk.
    public var contractURL: URL { SuiteLocation(currentDirectory: root).resolve(contract) }
    /// Where the case starts in its contract file; for a case or contract that could not be
    /// loaded, where its first problem is.
    public var position: SourcePosition {
        switch item {
        case .contractCase(_, .ready(let spec)):
            return spec.position
        case .contractCase(_, .invalid(_, let diagnostics)), .contractError(_, _, let diagnostics):
            return diagnostics.lazy.filter { $0.file == contract }.compactMap(\.position).first ?? .start
        }
    }

    /// Runs the case as `verify` does: prediction, replay and the checks.
    /// - Returns: Its result, with every diagnostic.
    public func result() async -> CaseResult {
        run.checked(await item.verify(in: run, live: nil))
    }
}
