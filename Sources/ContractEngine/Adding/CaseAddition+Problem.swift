import ContractCatalogue
import Foundation

extension CaseAddition {
    /// Why `add` wrote nothing, as values: the command line words those that name its options, and
    /// says the others (`refused`) as the engine wrote them.
    package enum Problem: Error, Sendable {
        /// Refused in the engine's words: the problems found in the files, and what they mean.
        case refused([Diagnostic], String)
        /// The contract (its path as given) would be outside the suite's contracts folder, where
        /// verify never runs it: where the path leads, and the path from the suite's root most
        /// likely meant.
        case contractOutsideContracts(String, resolved: String, meant: String)
        /// The contract (its path as given) is not a `.json` file, which verify never runs.
        case contractNotJSON(String)
        /// The contract already has a case of the name.
        case duplicateName(contract: String, name: String)
        /// A different file is where the fixture would be written: it, as messages name it.
        case fixtureInTheWay(String)
        /// The body file is a fixture already, and a destination elsewhere was asked for.
        case destinationForFixture(file: String, fixture: String)
        /// The body is read from a stream (at the path), which has no name for the fixture.
        case streamNeedsDestination(String)
        /// The destination asked for is empty; the body file's name, for an example.
        case emptyDestination(fileName: String)
        /// The fixtures folder refuses the fixture's path, saying why.
        case fixturePath(String)
        /// The catalogue has no endpoint or model of a name asked for, or they disagree.
        case catalogue(CatalogueLookupError)
        /// A new contract needs an endpoint or a model, and neither was given.
        case noTarget
        /// A new contract's body from the server needs the endpoint whose client sends the request.
        case liveNeedsEndpoint
        /// The arguments given are not a JSON object.
        case argumentsNotObject(String)
        /// Arguments were given for a fixture contract, which has none.
        case argumentsForFixtureContract(contract: String)
        /// The arguments given differ from those the contract has.
        case argumentsDiffer(String, contract: String)
        /// The endpoint needs an argument the contract lacks, so its client would refuse the request.
        case missingArgument(endpoint: String, name: String, kind: String, contract: String, isNew: Bool)
        /// A base URL was asked for an API the catalogue does not have: it, and those it has.
        case unknownAPI(String, known: [String])
        /// Cases are captured into an existing contract only, and this one is missing.
        case captureNeedsContract(String)
        /// The archive has no entry of the number asked for.
        case noSuchEntry(Int, count: Int, archive: String)
        /// The archive has fewer entries than the flow asked for ends at.
        case noSuchEntries(ClosedRange<Int>, count: Int, archive: String)

        /// Why the suite's writer wrote nothing.
        init(_ failure: SuiteWriter.Failure<Problem>) {
            switch failure {
            case .refused(let problem): self = problem
            case .cannotWrite(let error):
                self = .refused([], "cannot write \(JSONValue.quote(error.path)): \(error.reason); nothing was added")
            }
        }
    }

    /// What `add` says on the way, as values (the command line words those that name an option).
    package enum Warning: Sendable, Equatable {
        /// Said in the engine's words.
        case said(String)
        /// A header asked to be kept is one that is never written (it carries credentials).
        case headerNeverWritten(String)
    }

    /// What came of an `add`: the warnings on the way, and what was added or why nothing was.
    package struct Account<Value: Sendable>: Sendable {
        /// What was said on the way, in order.
        package var warnings: [Warning]
        /// What was added, or why nothing was.
        package var result: Result<Value, Problem>

        /// Creates one with every property given.
        init(warnings: [Warning], result: Result<Value, Problem>) {
            self.warnings = warnings
            self.result = result
        }

        /// Nothing added, for a reason, nothing said.
        init(_ problem: Problem) {
            self.init(warnings: [], result: .failure(problem))
        }
    }
}
