/// A file the tool could not write, with the reason in words.
package struct FileWriteError: Error, Sendable {
    /// The path as the user gave it.
    package let path: String
    /// Why, such as `permission denied`.
    package let reason: String
}

extension FileWriteError {
    /// A write refused by the system, its reason in the words every file message uses.
    /// - Parameters:
    ///   - path: The path as the user gave it, or the stream written (`standard output`).
    ///   - code: The `errno` value the write failed with.
    package init(path: String, errno code: Int32) {
        self.init(path: path, reason: FileProblem.describe(errno: code))
    }
}
