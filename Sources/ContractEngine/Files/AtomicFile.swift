import Foundation

/// Writes the files the tool owns (reports, contracts, fixtures) the way a user means the path.
///
/// A regular file is replaced in one step, through a temporary file beside it and a rename, so an
/// interrupted run leaves the old content or the new, never half of it. A symlink is written
/// through: the file it points at is replaced and the link stays. A device, a FIFO or a stream
/// named through `/dev/fd` or `/proc` (`/dev/stdout`) is written straight into, since replacing
/// the node would cut it off from whoever reads it.
enum AtomicFile {
    /// A file written beside its target and not yet renamed over it.
    struct Staged {
        /// The temporary file.
        let temporary: String
        /// The file it replaces (a symlink's target), or `nil` for a stream written already.
        let target: String?
        /// The path as the user gave it, for messages.
        let path: String
    }

    /// Writes text to a path.
    /// - Parameters:
    ///   - text: The content.
    ///   - url: The path as the user gave it.
    ///   - temporaries: Where the temporary file is listed while it exists, for a signal to remove.
    /// - Throws: `FileWriteError`, having left every other file as it was.
    static func write(_ text: String, to url: URL, temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError) {
        try write(Data(text.utf8), to: url, temporaries: temporaries)
    }

    /// Writes bytes to a path.
    /// - Parameters:
    ///   - data: The content.
    ///   - url: The path as the user gave it.
    ///   - temporaries: Where the temporary file is listed while it exists, for a signal to remove.
    /// - Throws: `FileWriteError`, having left every other file as it was.
    static func write(_ data: Data, to url: URL, temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError) {
        try commit(stage(data, to: url, temporaries: temporaries), temporaries: temporaries)
    }

    /// Writes a file a piece at a time, all of it or none, as `write(_:to:temporaries:)` does.
    /// - Parameters:
    ///   - url: The file.
    ///   - temporaries: Where the temporary copy is registered until it is in place.
    ///   - produce: Writes the content to the descriptor it is given; returns 0, or the `errno`
    ///     of a write that failed.
    /// - Throws: `FileWriteError` when the file cannot be written.
    static func write(
        to url: URL, temporaries: SuiteWriter.TemporaryFiles, producing produce: (Int32) -> Int32
    ) throws(FileWriteError) {
        try commit(stage(to: url, temporaries: temporaries, producing: produce), temporaries: temporaries)
    }

    /// Writes the content into a temporary file beside the target (a stream or device is
    /// written at once, as it is never replaced).
    /// - Parameters:
    ///   - data: The content.
    ///   - url: The path as the user gave it.
    ///   - temporaries: Where the temporary file is listed until it is renamed or removed.
    /// - Returns: The staged file, for `commit` or `discard`.
    /// - Throws: `FileWriteError`, with no temporary file left.
    static func stage(_ data: Data, to url: URL, temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError)
        -> Staged
    {
        try stage(to: url, temporaries: temporaries) { writeAll(data, to: $0) }
    }

    /// Stages a file whose content `produce` writes to the descriptor it is given.
    static func stage(
        to url: URL, temporaries: SuiteWriter.TemporaryFiles, producing produce: (Int32) -> Int32
    ) throws(FileWriteError) -> Staged {
        let path = url.path
        func fail(_ code: Int32) -> FileWriteError {
            FileWriteError(path: path, reason: FileProblem.describe(errno: code))
        }
        var info = stat()
        if isStreamAlias(path)
            || (stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR)
        {
            try writeDirectly(to: path, producing: produce)
            return Staged(temporary: "", target: nil, path: path)
        }
        let target = try resolveLinks(path)
        if stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileWriteError(path: path, reason: "it is a folder")
        }
        let existingMode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
        let folder = (target as NSString).deletingLastPathComponent
        let temporary =
            (folder.isEmpty ? "." : folder) + "/.\((target as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        guard temporaries.register(temporary) else {
            throw FileWriteError(path: path, reason: "the run is being stopped")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existingMode ?? 0o644)
        guard descriptor >= 0 else {
            let code = errno
            temporaries.forget(temporary)
            throw fail(code)
        }
        if let existingMode { _ = fchmod(descriptor, existingMode) }
        let written = produce(descriptor)
        let closed = close(descriptor)
        guard written == 0, closed == 0 || errno == EINTR else {
            let code = written != 0 ? written : errno
            discard(Staged(temporary: temporary, target: target, path: path), temporaries: temporaries)
            throw fail(code)
        }
        return Staged(temporary: temporary, target: target, path: path)
    }

    /// Renames a staged file over its target: rename(2) replaces it in one step (Foundation's
    /// replaceItemAt on Linux removes the target first and can leave nothing when it then fails).
    /// - Throws: `FileWriteError`, the temporary file removed.
    static func commit(_ staged: Staged, temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError) {
        guard let target = staged.target else { return }
        guard rename(staged.temporary, target) == 0 else {
            let code = errno
            discard(staged, temporaries: temporaries)
            throw FileWriteError(path: staged.path, reason: FileProblem.describe(errno: code))
        }
        temporaries.forget(staged.temporary)
    }

    /// Removes a staged file that will not be committed.
    static func discard(_ staged: Staged, temporaries: SuiteWriter.TemporaryFiles) {
        guard staged.target != nil else { return }
        unlink(staged.temporary)
        temporaries.forget(staged.temporary)
    }

    /// Whether a path names an open stream of a process rather than a file: `/dev/stdout`,
    /// `/dev/fd/3`, `/proc/self/fd/1`. Opening it reaches the stream even when it is redirected to
    /// a regular file, which a rename would cut off.
    private static func isStreamAlias(_ path: String) -> Bool {
        if ["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path) || path.hasPrefix("/dev/fd/") { return true }
        let parts = path.split(separator: "/")
        return parts.count == 4 && parts[0] == "proc" && parts[2] == "fd"
    }

    /// Writes into an existing node as it is, appending where it is a file reached through a stream alias.
    private static func writeDirectly(to path: String, producing produce: (Int32) -> Int32) throws(FileWriteError) {
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: FileProblem.describe(errno: errno)) }
        let written = produce(descriptor)
        close(descriptor)
        if written != 0 { throw FileWriteError(path: path, reason: FileProblem.describe(errno: written)) }
    }

    /// The path a chain of symlinks ends at, which may not exist yet.
    private static func resolveLinks(_ path: String) throws(FileWriteError) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { return current }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        throw FileWriteError(path: path, reason: FileProblem.describe(errno: ELOOP))
    }

    /// Writes every byte; returns 0, or the `errno` of the write that failed.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}
