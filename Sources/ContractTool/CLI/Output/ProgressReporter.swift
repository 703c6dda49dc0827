import ContractEngine
import Foundation
import HTTPStub

/// A progress counter on standard error, `verifying 12/40` or `mutating 120/405`, shown only on a
/// terminal and only once a run passes a second.
final class ProgressReporter: Sendable {
    private let enabled: Bool
    private let output: any ToolOutput
    /// What the run is doing, the line's first word.
    private let label: String
    /// How long a run goes before the line shows, in seconds: a short run stays silent.
    private let delay: TimeInterval
    private let start = Date()
    /// Whether a count is on the screen.
    private let shown = Locked(false)

    /// Creates a reporter.
    /// - Parameters:
    ///   - enabled: Whether standard error is a terminal; nothing is written otherwise.
    ///   - output: Where the line goes (its standard error).
    ///   - label: What the run is doing: `verifying`, `mutating`.
    ///   - delay: How long a run goes before the line shows, in seconds.
    init(enabled: Bool, output: any ToolOutput, label: String = "verifying", delay: TimeInterval = 1) {
        self.enabled = enabled
        self.output = output
        self.label = label
        self.delay = delay
    }

    @Sendable func update(_ done: Int, _ total: Int) {
        guard enabled, Date().timeIntervalSince(start) >= delay else { return }
        shown.withLock { shown in
            shown = true
            output.standardError("\r\u{1B}[2K\(label) \(done)/\(total)")
        }
    }

    func finish() {
        shown.withLock { shown in
            if shown { output.standardError("\r\u{1B}[2K") }
        }
    }
}
