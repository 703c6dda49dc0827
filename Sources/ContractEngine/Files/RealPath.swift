import Foundation

/// A path with every symlink resolved, by the C library's `realpath`: one call, where Foundation's
/// `resolvingSymlinksInPath()` makes several of its own for each component, which shows with
/// thousands of files; or tidied as reports name it, without asking the file system.
enum RealPath {
    /// The path resolved, or `nil` when something on it is missing.
    /// - Parameter path: An absolute or relative path.
    /// - Returns: The absolute path with no symlink, `.` or `..` in it.
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a path, which need not exist yet, lies inside (or is) a folder: both are resolved
    /// as far as they exist, so a link or `..` cannot hide it.
    /// - Parameters:
    ///   - path: The path.
    ///   - folder: The folder.
    /// - Returns: `true` when the path is the folder or below it.
    static func isInside(_ path: URL, _ folder: URL) -> Bool {
        let outer = resolvingExisting(folder.standardizedFileURL.path)
        let inner = resolvingExisting(path.standardizedFileURL.path)
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    /// A path with its longest existing prefix resolved and the rest kept as written: the one way
    /// the tool resolves symlinks in a path that may not exist yet.
    /// - Parameter path: An absolute path.
    /// - Returns: The path, resolved as far as it exists.
    static func resolvingExisting(_ path: String) -> String {
        var head = path
        var tail: [String] = []
        while !head.isEmpty, head != "/" {
            if let resolved = of(head) { return ([resolved] + tail.reversed()).joined(separator: "/") }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return path
    }

    /// A path as reports name it: `contracts//x.json`, `./contracts/./x.json` and `contracts/x.json/`
    /// are all `contracts/x.json`.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
