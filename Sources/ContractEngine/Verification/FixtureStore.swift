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
    static func load(path: String, display: String, readingStreams: Bool = false, listedRegular: Bool = false) -> Result<Data, Diagnostic> {
        if listedRegular, let read = loadListed(path, display: display) { return read }
        // One stat call answers "does it exist, is it a folder, how big is it" before any read.
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Diagnostic(.error, "fixture \"\(display)\" does not exist", file: display))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .failure(Diagnostic(.error, "fixture \"\(display)\" is a folder, not a file", file: display))
        case S_IFREG:
            break
        case _ where readingStreams:
            return readStream(path, display: display)
        default:
            return .failure(Diagnostic(.error, "fixture \"\(display)\" is not a regular file (a pipe, FIFO or device); save the body to a file", file: display))
        }
        let size = Int(info.st_size)
        guard size <= maxFixtureBytes else { return .failure(tooLarge(size, display: display)) }
        return readRegular(path, size: size).mapError { cannotRead($0, display: display) }
    }

    /// A file its folder's listing called regular, opened at once and checked through the
    /// descriptor: one walk of its path instead of two, which shows with thousands of small
    /// fixtures. `nil` when it cannot be opened or is no longer a regular file, for the checks by
    /// path to say why (a FIFO there since the listing is never waited on: it opens without blocking).
    private static func loadListed(_ path: String, display: String) -> Result<Data, Diagnostic>? {
        guard case .success(let (descriptor, size)) = openRegular(path) else { return nil }
        defer { close(descriptor) }
        guard size <= maxFixtureBytes else { return .failure(tooLarge(size, display: display)) }
        return readAll(descriptor, size: size).mapError { cannotRead($0, display: display) }
    }

    private static func tooLarge(_ size: Int, display: String) -> Diagnostic {
        Diagnostic(.error, "fixture is \(size) bytes, over the limit of \(maxFixtureBytes) bytes (64 MiB)", file: display, position: .start)
    }

    private static func cannotRead(_ failure: ReadFailure, display: String) -> Diagnostic {
        Diagnostic(.error, "cannot read fixture: \(failure.reason)", file: display)
    }

    /// O_NONBLOCK: should a file be swapped for a FIFO since it was checked, opening it must not wait.
    private static let openFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// Reads a file `stat` called regular, with one `open` and `read`s straight into the bytes:
    /// `Data(contentsOf:)` costs as much again in its own checks, which shows with thousands of
    /// small fixtures.
    static func readRegular(_ path: String, size: Int) -> Result<Data, ReadFailure> {
        openRegular(path).flatMap { descriptor, _ in
            defer { close(descriptor) }
            // The size checked before opening bounds the read, whatever the file has grown to since.
            return readAll(descriptor, size: size)
        }
    }

    /// Opens a file without waiting and checks through the descriptor that it is a regular file,
    /// so a file swapped since it was looked at is caught; the caller closes the descriptor.
    /// - Returns: The descriptor and the file's size now.
    private static func openRegular(_ path: String) -> Result<(descriptor: Int32, size: Int), ReadFailure> {
        let descriptor = open(path, openFlags)
        guard descriptor >= 0 else { return .failure(ReadFailure(errno: errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(ReadFailure(errno: code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular)
        }
        return .success((descriptor, Int(info.st_size)))
    }

    /// Reads an open regular file of `size` bytes into one buffer; a file that shrank since its
    /// size was taken is read as it is now.
    private static func readAll(_ descriptor: Int32, size: Int) -> Result<Data, ReadFailure> {
        var data = Data(count: size)
        var filled = 0
        let failure: Int32? = data.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while filled < size {
                let count = read(descriptor, base + filled, size - filled)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                filled += count
            }
            return nil
        }
        if let failure { return .failure(ReadFailure(errno: failure)) }
        if filled < size { data.count = filled }
        return .success(data)
    }

    /// Why a read failed, in words that read the same on every platform.
    struct ReadFailure: Error {
        let reason: String

        /// A failed call, by its `errno` value.
        init(errno code: Int32) {
            reason = FileProblem.describe(errno: code)
        }

        private init(reason: String) {
            self.reason = reason
        }

        /// What stands at the path is a folder, a pipe, a FIFO or a device, not a file to read.
        static let notRegular = ReadFailure(reason: "it is not a regular file (a pipe, FIFO, device or folder)")
    }

    /// Reads a pipe, FIFO or device to its end, refusing it once it passes the size limit.
    private static func readStream(_ path: String, display: String) -> Result<Data, Diagnostic> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return .failure(Diagnostic(.error, "cannot read \"\(display)\": \(FileProblem.describe(errno: errno))", file: display))
        }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Diagnostic(.error, "cannot read \"\(display)\": \(FileProblem.describe(errno: errno))", file: display))
            }
            data.append(contentsOf: chunk[..<count])
            if data.count > maxFixtureBytes {
                return .failure(Diagnostic(.error, "\"\(display)\" is over the limit of \(maxFixtureBytes) bytes (64 MiB)", file: display, position: .start))
            }
        }
    }
}

/// A case's body, and the file reports name when they point into it.
struct LoadedBody {
    /// The bytes as the client gets them.
    let data: Data
    /// The fixture (or the URL it came from), or `nil` for an inline body.
    let file: String?
    /// Whether keys the model never reads are looked for: in fixtures and inline bodies, which
    /// someone wrote down, not in a live answer, whose new keys the drift check reports.
    let checksUnreadKeys: Bool

    /// The body a response declares: none, inline, received, or read from its fixture.
    /// - Parameters:
    ///   - response: The case's response.
    ///   - fixtures: Where fixtures live.
    ///   - contractFile: The contract, which a problem without a position in the fixture names.
    /// - Returns: The body, or why its fixture cannot be read.
    static func load(_ response: ResponseSpec, fixtures: FixtureLocator, contractFile: String) -> Result<LoadedBody, Diagnostic> {
        guard case .http(_, _, let declared) = response.kind else {
            return .success(LoadedBody(data: Data(), file: nil, checksUnreadKeys: true))
        }
        switch declared {
        case .none:
            return .success(LoadedBody(data: Data(), file: nil, checksUnreadKeys: true))
        case .inline(let text):
            return .success(LoadedBody(data: Data(text.utf8), file: nil, checksUnreadKeys: true))
        case .received(let data, let source):
            return .success(LoadedBody(data: data, file: source, checksUnreadKeys: false))
        case .fixture(let path, let file, let position):
            let display = fixtures.displayName(path)
            return FixtureStore.load(path: file, display: display, listedRegular: fixtures.isListedRegular(file))
                .map { LoadedBody(data: $0, file: display, checksUnreadKeys: true) }
                .mapError { diagnostic in
                    diagnostic.position == nil ? Diagnostic(.error, diagnostic.message, file: contractFile, position: position) : diagnostic
                }
        }
    }
}
