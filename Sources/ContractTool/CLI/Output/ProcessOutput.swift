import ContractEngine
import Foundation
import HTTPStub

/// Writes to the process's standard output and standard error with `write(2)`, so a full disk, a
/// closed stream or a broken pipe is an error the run reports rather than a crash inside Foundation.
final class ProcessOutput: ToolOutput, Sendable {
    /// Why a stream cannot be written, by file descriptor; once it fails it is not written again.
    private let broken = Locked([Int32: FileWriteError]())
    /// One lock a stream, held across its writes so parallel writers never interleave; the table
    /// of broken streams has its own, so asking whether one failed never waits on a blocked write.
    private let writing = [STDOUT_FILENO: Locked(()), STDERR_FILENO: Locked(())]

    /// Creates the process's output. A standard stream that was closed before the tool started is
    /// held open on `/dev/null`, so no file the tool opens can take its descriptor, and counts as failed.
    init() {
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let placeholder = open("/dev/null", O_WRONLY)
            if placeholder >= 0, placeholder != descriptor {
                _ = dup2(placeholder, descriptor)
                _ = close(placeholder)
            }
            broken.withLock { $0[descriptor] = FileWriteError(path: Self.name(of: descriptor), errno: EBADF) }
        }
    }

    /// Writes text to standard output.
    /// - Parameter text: The text.
    func standardOutput(_ text: String) { send(text, to: STDOUT_FILENO) }

    /// Writes text to standard error.
    /// - Parameter text: The text.
    func standardError(_ text: String) { send(text, to: STDERR_FILENO) }

    /// The first stream that could not be written, as a message (`cannot write to standard output:
    /// no space left on device`), or `nil` when every write went through.
    var failure: String? {
        broken.withLock { broken in
            guard let failed = broken[STDOUT_FILENO] ?? broken[STDERR_FILENO] else { return nil }
            return "cannot write to \(failed.path): \(failed.reason)"
        }
    }

    /// A standard stream's name, as its messages give it.
    private static func name(of descriptor: Int32) -> String {
        descriptor == STDOUT_FILENO ? "standard output" : "standard error"
    }

    /// The exit status to end with: the run's own, or `invalid` when a stream failed, saying so on
    /// standard error where it still works.
    /// - Parameter code: The run's exit status.
    /// - Returns: The status the process exits with.
    func finish(_ code: ExitCode) -> ExitCode {
        guard let failure else { return code }
        send(ToolProblem.error(failure).rendered(color: false), to: STDERR_FILENO)
        return .invalid
    }

    private func send(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty, let lock = writing[descriptor] else { return }
        lock.withLock { _ in
            guard broken.withLock({ $0[descriptor] == nil }) else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    broken.withLock { $0[descriptor] = FileWriteError(path: Self.name(of: descriptor), errno: code) }
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
