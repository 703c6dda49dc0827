import Foundation
import HTTPStub
import Testing

@testable import ContractTool

/// serve's log when standard error is a pipe nobody reads (issue 39, finding 8): the server's
/// threads hand their lines over and go on; past the bound lines are dropped, counted, and the
/// count said once the log moves again.
@Suite("serve's log")
struct LogPumpTests {
    @Test("a writer that blocks holds up no sender; the lines past the bound are counted, not lost in silence")
    func blockedWriter() throws {
        let reading = DispatchSemaphore(value: 0)
        let written = Written()
        let pump = LogPump(limit: 100) { text in
            // The first write blocks until the reader reads, as a full pipe does.
            if written.isEmpty { reading.wait() }
            written.append(text)
        }
        // 1,000 lines sent while the writer is blocked: every send returns.
        for index in 0..<1000 { pump.send("line \(index)\n") }
        reading.signal()
        pump.waitUntilWritten()
        let text = written.text
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("line ") }
        // Each time the log moves again it says how many were dropped since: the notes add up.
        let notes = text.matches(of: /note: ([0-9]+) log lines? (?:was|were) dropped: standard error was not read/)
        let dropped = notes.compactMap { Int($0.output.1) }.reduce(0, +)
        #expect(dropped > 0)
        #expect(lines.count + dropped == 1000)
        #expect(lines.first == "line 0")
    }

    @Test("lines sent together are written together: one wake-up of the log's queue for many requests")
    func gathered() {
        let writes = Locked([String]())
        // A gathering longer than the test: only the wait below writes.
        let pump = LogPump(gathering: .seconds(600)) { text in writes.withLock { $0.append(text) } }
        for index in 0..<50 { pump.send("line \(index)\n") }
        #expect(writes.withLock { $0 }.isEmpty)
        pump.waitUntilWritten()
        let written = writes.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.split(separator: "\n").count == 50)
    }
}

/// Text a writer appended, read once it is done.
private final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""
    var isEmpty: Bool { lock.withLock { value.isEmpty } }
    var text: String { lock.withLock { value } }
    func append(_ text: String) { lock.withLock { value += text } }
}
