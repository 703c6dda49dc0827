import Foundation

/// A body file the user named (`add FIXTURE`, `explain FILE`), read with the fixture size limit.
struct BodyFile: Sendable {
    /// The file's bytes.
    let data: Data
    /// The file, resolved against the current folder, symlinks resolved.
    let url: URL
    /// Its path relative to the fixtures folder, or `nil` when it lies outside.
    let fixturePath: String?
    /// Whether it was read from a pipe, FIFO or device (`/dev/stdin`, `<(curl ...)`) rather than a file.
    let isStream: Bool

    /// Reads a body file.
    /// - Parameters:
    ///   - given: The file, as the user named it, from the current folder.
    ///   - display: How messages name it.
    ///   - fixtures: The fixtures folder, to tell a fixture from a file outside it.
    /// - Returns: The body, or why it cannot be read.
    static func read(_ given: URL, display: String, fixtures: FixtureLocator) -> Result<BodyFile, Diagnostic> {
        var info = stat()
        // A stream's links lead to names like `pipe:[123]`, so it is read where the user named it.
        if stat(given.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            return FixtureStore.load(given, display: display, readingStreams: true).map { data in
                BodyFile(data: data, url: given, fixturePath: nil, isStream: true)
            }
        }
        let url = URL(fileURLWithPath: RealPath.resolvingExisting(given.standardizedFileURL.path), isDirectory: false)
        return FixtureStore.load(url, display: display).map { data in
            BodyFile(data: data, url: url, fixturePath: fixtures.relativePath(of: url), isStream: false)
        }
    }
}
