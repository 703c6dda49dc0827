import Foundation

/// What `list` prints: a table of the suite's contracts, a row each with its endpoint, model, number
/// of cases and how many of them were recorded from a server, and the problems found in them.
package struct SuiteListing: Sendable {
    let contracts: [LoadedContract]
    /// The problems of the fixtures the loaded contracts read (a file that is not a fixture).
    let fixtureProblems: [Diagnostic]

    /// The table's columns, in order.
    static let headers = ["contract", "endpoint", "model", "cases", "recorded"]

    /// Creates the listing of a selection's contracts.
    /// - Parameter selection: The contracts selected, in suite order.
    package init(_ selection: SuiteSelection) {
        contracts = selection.contracts
        fixtureProblems = selection.loadedFixtureProblems
    }

    /// The table: a header row, then a row a contract, columns aligned with spaces. A fixture
    /// contract has `-` for its endpoint, and a contract that failed to load says `(invalid)`.
    /// - Parameter cases: Whether each contract's row is followed by its cases, one a line: the
    ///   name, its provider state when it gives one, `(invalid)` for one that is.
    /// - Returns: The text, each line ending in a newline.
    package func text(cases: Bool = false) -> String {
        let rows = contracts.map(Self.cells)
        var widths = Self.headers.map(\.count)
        for row in rows {
            for (column, cell) in row.cells.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        var out = line(Self.headers)
        for row in rows {
            out += line(row.cells)
            if cases { out += row.cases.map { "  " + $0 + "\n" }.joined() }
        }
        return out
    }

    /// Every problem found in the contracts and their cases, in suite order, then in the fixtures
    /// they read.
    package var diagnostics: [Diagnostic] {
        contractProblems + fixtureProblems
    }

    private var contractProblems: [Diagnostic] {
        contracts.flatMap { contract -> [Diagnostic] in
            switch contract {
            case .invalid(_, _, let problems): problems
            case .loaded(let contract):
                contract.cases.flatMap { entry -> [Diagnostic] in
                    if case .invalid(_, let problems) = entry { problems } else { [] }
                }
            }
        }
    }

    /// One contract's cells and the lines of its cases, escaped for a terminal.
    private static func cells(_ loaded: LoadedContract) -> (cells: [String], cases: [String]) {
        let contract: Contract
        switch loaded {
        case .invalid(let file, _, _): return ([VisibleText.escaped(file), "(invalid)"], [])
        case .loaded(let loaded): contract = loaded
        }
        let recorded = contract.cases.count { entry in
            if case .ready(let spec) = entry { spec.recorded != nil } else { false }
        }
        let cells = [
            VisibleText.escaped(contract.file), contract.endpoint?.name ?? "-", contract.model.name,
            String(contract.cases.count), String(recorded),
        ]
        let cases = contract.cases.map { entry -> String in
            switch entry {
            case .invalid(let name, _):
                return VisibleText.escaped(name) + " (invalid)"
            case .ready(let spec):
                return VisibleText.escaped(spec.name)
                    + (spec.given.map { " (given: \(VisibleText.escaped($0)))" } ?? "")
                    + (spec.isFlow ? " (\(VisibleText.escaped(Exchange.summary(spec.exchanges))))" : "")
            }
        }
        return (cells, cases)
    }
}
