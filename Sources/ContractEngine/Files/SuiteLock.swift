import Foundation

/// The suite's lock: an advisory `flock` on its root folder, held while one command writes the
/// suite's files, so two runs of `add` (or `add` and `record`) each read what the other wrote
/// rather than both writing over one version. It needs no lock file and goes with the process.
final class SuiteLock {
    private let descriptor: Int32

    /// Takes the lock, waiting for another writer to finish.
    /// - Parameters:
    ///   - root: The suite's root folder.
    ///   - waiting: Called once when another process holds the lock, before waiting for it.
    /// - Throws: `FileWriteError` when the folder cannot be opened or locked.
    init(root: URL, waiting: () -> Void) throws(FileWriteError) {
        let path = root.path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: FileProblem.describe(errno: errno)) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else {
            let code = errno
            close(descriptor)
            throw FileWriteError(path: path, reason: "cannot lock the suite: \(FileProblem.describe(errno: code))")
        }
        waiting()
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw FileWriteError(path: path, reason: "cannot lock the suite: \(FileProblem.describe(errno: code))")
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
