import Foundation

/// Resolves a case's `fixture` path inside the fixtures folder, refusing any path that leaves it.
public struct FixtureLocator: Sendable {
    /// The fixtures folder as given, for messages (`Fixtures`).
    public let displayRoot: String
    /// The fixtures folder with symlinks resolved.
    public let root: URL

    /// Creates a locator.
    /// - Parameters:
    ///   - root: The fixtures folder.
    ///   - displayRoot: How messages name it.
    public init(root: URL, displayRoot: String) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        self.displayRoot = displayRoot
    }

    /// A fixture path that cannot be used.
    public struct Problem: Error, Sendable {
        /// What is wrong with it.
        public let message: String
    }

    /// Resolves a fixture path.
    /// - Parameter path: The path as a contract writes it, relative to the fixtures folder.
    /// - Returns: The file's URL, or why the path cannot be used.
    public func resolve(_ path: String) -> Result<URL, Problem> {
        guard !path.isEmpty else { return .failure(Problem(message: "\"fixture\" must not be empty")) }
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else {
            return .failure(Problem(message: "fixture path \"\(path)\" is absolute; write it relative to the fixtures folder \"\(displayRoot)\""))
        }
        guard !path.contains("\0") else { return .failure(Problem(message: "fixture path contains a NUL character")) }
        let lexical = root.appendingPathComponent(path).standardizedFileURL
        let resolved = Self.realPath(lexical) ?? lexical.resolvingSymlinksInPath()
        guard contains(lexical), contains(resolved) else {
            return .failure(Problem(message: "fixture path \"\(path)\" leaves the fixtures folder \"\(displayRoot)\""))
        }
        return .success(resolved)
    }

    /// How reports name a fixture: the fixtures folder joined with the path as written.
    /// - Parameter path: The path as a contract writes it.
    /// - Returns: Such as `Fixtures/countries/france.json`.
    public func displayName(_ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return displayRoot.hasSuffix("/") ? displayRoot + trimmed : displayRoot + "/" + trimmed
    }

    /// The file's path with every symlink resolved, by one `realpath` call: far cheaper than
    /// Foundation's walk, which matters with thousands of fixtures. `nil` when the file is missing.
    private static func realPath(_ url: URL) -> URL? {
        guard let resolved = realpath(url.path, nil) else { return nil }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved))
    }

    /// A resolved file's path relative to the fixtures folder, or `nil` when it lies outside.
    /// - Parameter url: The file, symlinks resolved.
    /// - Returns: Such as `countries/france.json`.
    public func relativePath(of url: URL) -> String? {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(rootPath) ? String(url.path.dropFirst(rootPath.count)) : nil
    }

    private func contains(_ url: URL) -> Bool {
        relativePath(of: url) != nil
    }
}
