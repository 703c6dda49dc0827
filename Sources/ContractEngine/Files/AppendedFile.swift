import Foundation

/// Adds to the end of a file others write too, such as GitHub's step summary: the file is opened
/// for appending (and created when absent), never truncated or replaced.
enum AppendedFile {
    /// Appends text to a path.
    /// - Parameters:
    ///   - text: The content to add.
    ///   - url: The file.
    /// - Throws: `FileWriteError` when the file cannot be opened or written.
    static func append(_ text: String, to url: URL) throws(FileWriteError) {
        let path = url.path
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: FileProblem.describe(errno: errno)) }
        let written = AtomicFile.writeAll(Data(text.utf8), to: descriptor)
        close(descriptor)
        if written != 0 { throw FileWriteError(path: path, reason: FileProblem.describe(errno: written)) }
    }
}
