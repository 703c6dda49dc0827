import ContractEngine
import Foundation

/// A body file given on the command line, read with the fixture size limit.
struct BodyFile {
    /// The file's bytes.
    let data: Data
    /// The file, resolved against the current folder, symlinks resolved.
    let url: URL
    /// Its path relative to the fixtures folder, or `nil` when it lies outside.
    let fixturePath: String?
    /// Whether it was read from a pipe, FIFO or device (`/dev/stdin`, `<(curl ...)`) rather than a file.
    let isStream: Bool

    static func read(_ path: String, environment: ToolEnvironment, fixtures: FixtureLocator) -> Result<
        BodyFile, Diagnostic
    > {
        let given = environment.location.resolve(path)
        var info = stat()
        // A stream's links lead to names like `pipe:[123]`, so it is read where the user named it.
        if stat(given.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            return FixtureStore.load(given, display: path, readingStreams: true).map { data in
                BodyFile(data: data, url: given, fixturePath: nil, isStream: true)
            }
        }
        let url = URL(fileURLWithPath: RealPath.resolvingExisting(given.standardizedFileURL.path), isDirectory: false)
        return FixtureStore.load(url, display: path).map { data in
            BodyFile(data: data, url: url, fixturePath: fixtures.relativePath(of: url), isStream: false)
        }
    }
}
