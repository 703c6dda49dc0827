import ContractEngine
import Foundation
import HTTPStub

/// A progress counter on standard error, shown only on a terminal and only once a run passes a second.
final class ProgressReporter: Sendable {
    private let enabled: Bool
    private let output: any ToolOutput
    private let start = Date()
    /// Whether a count is on the screen.
    private let shown = Locked(false)

    init(enabled: Bool, output: any ToolOutput) {
        self.enabled = enabled
        self.output = output
    }

    @Sendable func update(_ done: Int, _ total: Int) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        shown.withLock { shown in
            shown = true
            output.standardError("\r\u{1B}[2Kverifying \(done)/\(total)")
        }
    }

    func finish() {
        shown.withLock { shown in
            if shown { output.standardError("\r\u{1B}[2K") }
        }
    }
}
