import ContractCatalogue
import Foundation

extension Explanation {
    /// A case of a contract laid out as replay goes through it: each exchange in order (the
    /// request stated, the response, its provider state), what `expect` wants at the end, and
    /// what replay judges. A case of one response is a flow of one exchange here.
    struct Walkthrough: Sendable {
        /// The contract the case is in.
        let contract: Contract
        /// The case.
        let contractCase: CaseSpec
        /// The exchange to explain alone, counted from 1; `nil` for the whole case.
        let step: Int?
        /// How messages name a fixture path (`Fixtures/token.json`).
        let fixtures: FixtureLocator
        /// How long replay waits for the client.
        let timeout: TimeInterval
    }

    /// Why a case cannot be explained, as a value the command line words.
    package enum CaseProblem: Error, Sendable {
        /// The suite, its folders or the contract's path are wrong.
        case usage(SuiteSelection.UsageError)
        /// The contract, or the case, cannot be loaded: its diagnostics.
        case invalid([Diagnostic])
        /// No case of that name in the contract: the contract and the names it has.
        case noCase(String, contract: String, names: [String])
        /// A step past the case's exchanges: the step asked for and how many there are.
        case noStep(Int, count: Int)
    }

    /// Explains one case of a contract: its exchanges in order and what replay judges, as text.
    /// - Parameters:
    ///   - contract: The contract file, as verify's PATH takes it.
    ///   - name: The case's name, exactly.
    ///   - step: The one exchange to explain, counted from 1; `nil` for the whole case.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - location: Where the suite is.
    ///   - fixtures: The fixtures folder the user named, if any.
    /// - Returns: The text for people, or why the case cannot be explained.
    package static func explain(
        contract: String, case name: String, step: Int?, catalogue: Catalogue, location: SuiteLocation,
        fixtures: String?
    ) -> Result<String, CaseProblem> {
        var options = VerifyOptions()
        options.paths = [contract]
        options.fixturesFolder = fixtures
        let selection: SuiteSelection
        do throws(SuiteSelection.UsageError) {
            selection = try SuiteSelection(catalogue: catalogue, options: options, location: location)
        } catch {
            return .failure(.usage(error))
        }
        var names: [String] = []
        for item in selection.items {
            switch item {
            case .contractError(_, _, let diagnostics):
                return .failure(.invalid(diagnostics))
            case .contractCase(_, .invalid(let caseName, let diagnostics)) where caseName == name:
                return .failure(.invalid(diagnostics))
            case .contractCase(let loaded, .ready(let found)) where found.name == name:
                let count = max(found.exchanges.count, 1)
                if let step, !(1...count).contains(step) { return .failure(.noStep(step, count: count)) }
                let walkthrough = Walkthrough(
                    contract: loaded, contractCase: found, step: step, fixtures: selection.fixtureLocator,
                    timeout: options.timeout)
                return .success(walkthrough.text)
            case .contractCase(_, let entry):
                names.append(entry.name)
            }
        }
        return .failure(.noCase(name, contract: selection.items.first?.contractFile ?? contract, names: names))
    }
}
