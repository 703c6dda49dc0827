import Foundation

/// Loads fixture bodies with a size limit, so one oversized file cannot exhaust memory.
enum FixtureStore {
    /// The largest fixture read, in bytes.
    static let maxFixtureBytes = 64 << 20

    /// Reads a fixture.
    /// - Parameters:
    ///   - url: The resolved file.
    ///   - display: How reports name it.
    /// - Returns: The bytes, or why they cannot be read.
    static func load(_ url: URL, display: String) -> Result<Data, Diagnostic> {
        // One stat call answers "does it exist, is it a folder, how big is it" before any read.
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            return .failure(Diagnostic(.error, "fixture \"\(display)\" does not exist", file: display))
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            return .failure(Diagnostic(.error, "fixture \"\(display)\" is a folder, not a file", file: display))
        }
        let size = Int(info.st_size)
        guard size <= maxFixtureBytes else {
            return .failure(Diagnostic(
                .error, "fixture is \(size) bytes, over the limit of \(maxFixtureBytes) bytes (64 MiB)", file: display, position: .start
            ))
        }
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(Diagnostic(.error, "cannot read fixture: \(FileProblem.describe(error))", file: display))
        }
    }
}
