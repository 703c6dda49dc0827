/// A file the tool could not write, with the reason in words.
package struct FileWriteError: Error, Sendable {
    /// The path as the user gave it.
    package let path: String
    /// Why, such as `permission denied`.
    package let reason: String
}
