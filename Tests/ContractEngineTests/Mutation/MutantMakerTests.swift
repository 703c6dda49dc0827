import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// The bodies `mutate` serves are the bytes `--mutants DIR` keeps, made faster by sharing what
/// the mutants of one body have in common; what a user sees of them must not change.
@Suite("mutant maker")
struct MutantMakerTests {
    static let response = ResponseSpec(
        kind: .http(status: 200, headers: [:], body: .none), delayMs: 0, position: .start)

    /// A page of dogs longer than the arrays whose every element is mutated, so the mutants share
    /// the text of all but the first.
    static func longPage() throws -> Data {
        let dogs = try #require(JSONParser.parse(Data(SampleSuite.dogs.utf8)).value.arrayElements)
        let many = (0..<(MutantMaker.largeArray + 4)).map { dogs[$0 % dogs.count].value.jsonText }
        // Laid out as a person writes it, keys unsorted, so the mutants' text (sorted, compact) differs.
        return Data(("[\n  " + many.joined(separator: ",\n  ") + "\n]\n").utf8)
    }

    @Test("each key mutant of a long array is the whole tree's compact text, and the tree it hands on is its parse")
    func sharedTextIsTheWholeText() throws {
        let maker = try #require(MutantMaker(body: try Self.longPage(), response: Self.response, model: .dogs))
        let keyMutations = maker.mutations.filter { if case .key = $0 { true } else { false } }
        #expect(keyMutations.count > 10)
        for mutation in keyMutations {
            let served = maker.apply(mutation)
            let tree = try #require(served.tree)
            #expect(served.body == Data(tree.value.jsonText.utf8), "\(mutation.name)")
            let parsed = try JSONParser.parse(served.body)
            #expect(parsed.value.jsonText == tree.value.jsonText, "\(mutation.name)")
            #expect(parsed.value.isEquivalent(to: tree.value), "\(mutation.name)")
        }
    }

    @Test("a mutant's prediction, from its tree or its first element alone, is the one its whole body gives")
    func predictionFromTheTree() throws {
        let maker = try #require(MutantMaker(body: try Self.longPage(), response: Self.response, model: .dogs))
        var failures = 0
        for mutation in maker.mutations {
            let served = maker.apply(mutation)
            let fromTree = Predictor.predict(served.response, body: served.body, model: .dogs, tree: served.tree)
            let fromBody = Predictor.predict(served.response, body: served.body, model: .dogs)
            #expect(fromTree.summary(model: .dogs) == fromBody.summary(model: .dogs), "\(mutation.name)")
            // The runner's prediction, from the first element alone where it can.
            let runner = MutantRunner.predict(served, model: .dogs)
            #expect(runner.summary(model: .dogs) == fromBody.summary(model: .dogs), "\(mutation.name)")
            if case .key = mutation { #expect(served.first != nil) }
            if case .failed(.jsonConversionFailure, _, _) = fromTree { failures += 1 }
        }
        #expect(failures > 10)
    }
}

extension JSONValue {
    /// An array's elements; `nil` for any other value.
    fileprivate var arrayElements: [JSONNode]? {
        if case .array(let elements) = self { elements } else { nil }
    }
}
