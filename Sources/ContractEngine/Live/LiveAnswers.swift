import Foundation
import HTTPStub

/// The server's answers a `verify --live` run kept, one per recorded case it asked, so that the
/// release matrix judges them against every supported release without asking the server again.
final class LiveAnswers: Sendable {
    /// One answer, with what judging it needs.
    struct Answer: Sendable {
        /// The contract file and case.
        let contract: String
        let caseName: String
        /// The endpoint asked, such as `countries.byName`, and the model its answer decodes into.
        let endpoint: String
        let model: String
        /// The status and the body, as received.
        let status: Int
        let body: Data
    }

    private let kept = Locked<[Answer]>([])

    /// An empty collection, to hand to a live run.
    init() {}

    /// Keeps an answer.
    /// - Parameter answer: The answer.
    func keep(_ answer: Answer) {
        kept.withLock { $0.append(answer) }
    }

    /// Every answer kept, in the suite's order of contracts and cases.
    var all: [Answer] {
        kept.withLock { $0 }.sorted { ($0.contract, $0.caseName) < ($1.contract, $1.caseName) }
    }
}
