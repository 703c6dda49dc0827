import Foundation

/// A path with every symlink resolved, by the C library's `realpath`: one call, where Foundation's
/// `resolvingSymlinksInPath()` makes several of its own for each component, which shows with
/// thousands of files.
enum RealPath {
    /// The path resolved, or `nil` when something on it is missing.
    /// - Parameter path: An absolute or relative path.
    /// - Returns: The absolute path with no symlink, `.` or `..` in it.
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
