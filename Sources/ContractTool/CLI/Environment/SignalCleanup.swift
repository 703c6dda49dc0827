import ContractEngine
import Foundation

/// Ctrl-C, a CI runner's SIGTERM, a closed terminal or dropped ssh session (SIGHUP), SIGQUIT, or
/// a closed output pipe (SIGPIPE) while a file is being written: the run's temporary files are
/// removed, then the process ends by the same signal, so its parent sees it was interrupted. A
/// signal that lands while a change is being renamed into place waits for the renames to end, so
/// a change lands whole or not at all.
///
/// The signal handler only writes the signal's number into a pipe (all it may safely do); a
/// thread of its own reads the pipe and does the rest. A dispatch signal source would need the
/// signal ignored, and on Linux an ignored signal is dropped before any source sees it.
enum SignalCleanup {
    /// The pipe's write end, for the handler; set once, before any handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The terminating signals a process can catch.
    static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE]

    /// Installs the handlers for every signal of `signals`.
    /// - Parameters:
    ///   - temporaryFiles: The run's temporary files.
    ///   - interruption: Takes the signals instead, while a command (`serve`) listens for them.
    static func install(removing temporaryFiles: SuiteWriter.TemporaryFiles, interruption: Interruption) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let readEnd = ends[0]
        writeEnd = ends[1]
        let thread = Thread {
            var number: Int32 = 0
            repeat {
                while read(readEnd, &number, MemoryLayout<Int32>.size) != MemoryLayout<Int32>.size {
                    if errno != EINTR { return }
                }
            } while interruption.deliver(number)
            temporaryFiles.removeAll()
            // Ended by the signal itself; should it be blocked on every thread, by the status a
            // shell gives a process a signal ended.
            signal(number, SIG_DFL)
            kill(getpid(), number)
            _exit(128 + number)
        }
        thread.start()
        for number in signals {
            signal(number) { number in
                var value = number
                _ = write(SignalCleanup.writeEnd, &value, MemoryLayout<Int32>.size)
            }
        }
    }
}
