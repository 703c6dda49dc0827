import ContractEngine
import Foundation

/// Ctrl-C, or a CI runner's SIGTERM, while a file is being written: the run's temporary files are
/// removed, then the process ends by the same signal, so its parent sees it was interrupted.
///
/// The signal handler only writes the signal's number into a pipe (all it may safely do); a
/// thread of its own reads the pipe and does the rest. A dispatch signal source would need the
/// signal ignored, and on Linux an ignored signal is dropped before any source sees it.
enum SignalCleanup {
    /// The pipe's write end, for the handler; set once, before any handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers for SIGINT and SIGTERM.
    /// - Parameters:
    ///   - temporaryFiles: The run's temporary files.
    ///   - interruption: Takes the first signal instead, while a command (`serve`) waits on it.
    static func install(removing temporaryFiles: TemporaryFiles, interruption: Interruption) {
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
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var value = number
                _ = write(SignalCleanup.writeEnd, &value, MemoryLayout<Int32>.size)
            }
        }
    }
}
