import Foundation

/// A progress counter on standard error, shown only on a terminal and only once a run passes a second.
final class ProgressReporter: @unchecked Sendable {
    private let enabled: Bool
    private let output: any ToolOutput
    private let start = Date()
    private let lock = NSLock()
    private var shown = false

    init(enabled: Bool, output: any ToolOutput) {
        self.enabled = enabled
        self.output = output
    }

    @Sendable func update(_ done: Int, _ total: Int) {
        guard enabled, Date().timeIntervalSince(start) > 1 else { return }
        lock.withLock {
            shown = true
            output.standardError("\r\u{1B}[2Kverifying \(done)/\(total)")
        }
    }

    func finish() {
        lock.withLock {
            if shown { output.standardError("\r\u{1B}[2K") }
        }
    }
}
