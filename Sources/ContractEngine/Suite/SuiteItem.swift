/// One unit of a suite's work: a case of a loaded contract, or a contract that failed to load,
/// which is reported as one `error` result so the rest of the suite still runs.
enum SuiteItem: Sendable {
    case contractError(file: String, endpoint: String?, diagnostics: [Diagnostic])
    indirect case contractCase(Contract, CaseEntry)

    /// The contract file, as reports name it.
    var contractFile: String {
        switch self {
        case .contractError(let file, _, _): file
        case .contractCase(let contract, _): contract.file
        }
    }

    /// The case's name; `(contract)` for a contract that failed to load.
    var caseName: String {
        switch self {
        case .contractError: CaseResult.wholeContract
        case .contractCase(_, let entry): entry.name
        }
    }

    /// Why the item cannot run: the diagnostics of a contract that failed to load or of a case
    /// that is not valid; `nil` for a case ready to run.
    var problems: [Diagnostic]? {
        switch self {
        case .contractError(_, _, let diagnostics), .contractCase(_, .invalid(_, let diagnostics)): diagnostics
        case .contractCase(_, .ready): nil
        }
    }

    /// Whether the contract's path or the case's name contains one of the texts, ignoring case.
    func matches(any filters: [String]) -> Bool {
        let haystacks =
            switch self {
            case .contractError(let file, _, _): [file.lowercased()]
            case .contractCase(let contract, let entry): [contract.file.lowercased(), entry.name.lowercased()]
            }
        return filters.contains { filter in haystacks.contains { $0.contains(filter.lowercased()) } }
    }

    /// Verifies the item: a contract error is an `error` result as it stands; a case is run.
    /// - Parameters:
    ///   - run: What the run's cases share.
    ///   - live: Where live requests go, for `verify --live`; `nil` to run on the fixtures.
    /// - Returns: The result, before the diagnostic rules, with how long it took.
    func verify(in run: RunContext, live: LiveSettings?) async -> CaseResult {
        await CaseResult.timed { await verdict(in: run, live: live) }
    }

    private func verdict(in run: RunContext, live: LiveSettings?) async -> CaseResult {
        switch self {
        case .contractError(let file, let endpoint, let diagnostics):
            return CaseResult(
                contract: file, endpoint: endpoint, caseName: CaseResult.wholeContract, status: .error,
                diagnostics: diagnostics)
        case .contractCase(let contract, .ready(let spec)) where live != nil:
            return await LiveCheck(contract: contract, spec: spec, run: run, live: live ?? LiveSettings()).run()
        case .contractCase(let contract, let entry):
            var result = await run.run(entry, of: contract)
            // What is said of the contract as a whole comes once, with its first case.
            if contract.cases.first?.name == entry.name { result.diagnostics += contract.warnings }
            return result
        }
    }
}
