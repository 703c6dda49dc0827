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
    ///   - readingStreams: Whether a pipe, FIFO or device is read to its end (a body named on the
    ///     command line) or refused (a contract's fixture, which must never wait on a writer).
    static func load(_ url: URL, display: String, readingStreams: Bool = false) -> Result<Data, Diagnostic> {
        load(path: url.path, display: display, readingStreams: readingStreams)
    }

    /// Reads a fixture given by its path; the same as `load(_:display:readingStreams:)`.
    /// - Parameter listedRegular: Whether its folder's listing called it a regular file.
    static func load(path: String, display: String, readingStreams: Bool = false, listedRegular: Bool = false)
        -> Result<Data, Diagnostic>
    {
        let read =
            (listedRegular ? RegularFile.readListed(path, limit: maxFixtureBytes) : nil)
            ?? RegularFile.read(path, limit: maxFixtureBytes)
        return read.flatMapError { failure in
            switch failure {
            case .cannotStat:
                return .failure(Diagnostic(.error, "fixture \"\(display)\" does not exist", file: display))
            case .folder:
                return .failure(Diagnostic(.error, "fixture \"\(display)\" is a folder, not a file", file: display))
            case .notRegular where readingStreams:
                return readStream(path, display: display)
            case .notRegular:
                return .failure(
                    Diagnostic(
                        .error,
                        "fixture \"\(display)\" is not a regular file (a pipe, FIFO or device); save the body to a file",
                        file: display))
            case .tooLarge(let size):
                return .failure(
                    Diagnostic(
                        .error, "fixture is \(size) bytes, over the limit of \(maxFixtureBytes) bytes (64 MiB)",
                        file: display, position: .start))
            case .cannotRead(let reason):
                return .failure(Diagnostic(.error, "cannot read fixture: \(reason)", file: display))
            }
        }
    }

    /// Reads a pipe, FIFO or device to its end, refusing it once it passes the size limit.
    private static func readStream(_ path: String, display: String) -> Result<Data, Diagnostic> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return .failure(
                Diagnostic(.error, "cannot read \"\(display)\": \(FileProblem.describe(errno: errno))", file: display))
        }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(
                    Diagnostic(
                        .error, "cannot read \"\(display)\": \(FileProblem.describe(errno: errno))", file: display))
            }
            data.append(contentsOf: chunk[..<count])
            if data.count > maxFixtureBytes {
                return .failure(
                    Diagnostic(
                        .error, "\"\(display)\" is over the limit of \(maxFixtureBytes) bytes (64 MiB)", file: display,
                        position: .start))
            }
        }
    }
}
