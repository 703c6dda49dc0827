import Foundation
import Testing

@testable import ContractEngine

@Suite("outcomes")
struct OutcomeTests {
    private func failure(_ path: String, _ reason: String) -> Outcome {
        .failed(.jsonConversionFailure, status: nil, problem: DecodeProblem(path: path, reason: reason))
    }

    @Test("a client that names a bad ISO 8601 date by what holds it agrees with the prediction that names the date")
    func isoDateOneStepShort() {
        let predicted = failure("days[1].date", #""June" is not an ISO 8601 date"#)
        #expect(failure("days[1]", "the value is not valid").isSame(as: predicted))
        #expect(predicted.isSame(as: failure("days[1]", "the value is not valid")))
        #expect(failure("dates", "the value is not valid").isSame(as: failure("dates[1]", "not a date")))
    }

    @Test("only one step short, and only for a value that is not valid")
    func otherPathsDiffer() {
        let predicted = failure("days[1].date", #""June" is not an ISO 8601 date"#)
        #expect(!failure("days", "the value is not valid").isSame(as: predicted))
        #expect(!failure("days[1]", "expected a number").isSame(as: predicted))
        #expect(!failure("days[0]", "the value is not valid").isSame(as: predicted))
    }
}
