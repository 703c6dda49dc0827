import Foundation

/// How a client's completion must run: once, on the queue it was built with, within the timeout.
/// Checked and worded here for replay and for mutants alike.
enum CompletionCheck {
    /// One way the completion ran wrong.
    enum Problem: Equatable {
        /// It did not run in time; the request was cancelled.
        case timedOut
        /// It ran this many times.
        case repeated(Int)
        /// It ran on another queue, by name.
        case wrongQueue(String)
    }

    /// What went wrong with the completion: a timeout alone, or a repeat and a wrong queue.
    static func problems(of observation: Replayer.Observation) -> [Problem] {
        let completion = observation.completion
        if completion.timedOut { return [.timedOut] }
        var problems: [Problem] = []
        if completion.callCount > 1 { problems.append(.repeated(completion.callCount)) }
        if let wrong = completion.queueNames.first(where: { $0 != observation.queueName }) {
            problems.append(.wrongQueue(wrong))
        }
        return problems
    }

    /// A problem in words: `completion ran 2 times; expected exactly once`.
    /// - Parameters:
    ///   - problem: The problem.
    ///   - observation: What replay saw, for the queue expected.
    ///   - timeout: The timeout, in seconds.
    static func describe(_ problem: Problem, in observation: Replayer.Observation, timeout: TimeInterval) -> String {
        switch problem {
        case .timedOut:
            "the completion handler did not run within \(ReplayCheck.seconds(timeout)); the request was cancelled"
        case .repeated(let count): "the completion handler ran \(count) times; expected exactly once"
        case .wrongQueue(let name): "the completion handler ran on \(name); expected \(observation.queueName)"
        }
    }
}
