import Foundation

/// Reads a file that must be a regular file no larger than a limit: one `stat`, one `open`, reads
/// straight into one buffer (`URL` resource values and then `Data(contentsOf:)` cost more than
/// parsing a small file, which shows with thousands of them). Contracts and fixtures are both
/// read here; each words the failures its own way.
enum RegularFile {
    /// Why a file was not read.
    enum Failure: Error, Equatable {
        /// `stat` failed, with its `errno`: the file is missing, or a component of its path is.
        case cannotStat(Int32)
        /// It is a folder.
        case folder
        /// It is a pipe, a FIFO or a device.
        case notRegular
        /// It is larger than the limit, by its size.
        case tooLarge(Int)
        /// Opening or reading it failed, in words.
        case cannotRead(String)
    }

    /// What a path that is not a regular file is, in words that read the same on every platform.
    static let notRegularReason = "it is not a regular file (a pipe, FIFO, device or folder)"

    /// Reads a file.
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The largest size read, in bytes.
    /// - Returns: The bytes, or why they were not read.
    static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.cannotStat(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.folder)
        default: return .failure(.notRegular)
        }
        let size = Int(info.st_size)
        guard size <= limit else { return .failure(.tooLarge(size)) }
        return open(path).flatMap { descriptor, opened in
            defer { close(descriptor) }
            // The size of the file opened, not of the one stat saw: another process may have
            // renamed a new version over the path in between (add and record replace contracts
            // that way), and reading the new file to the old one's length would cut it short.
            guard opened <= limit else { return .failure(.tooLarge(opened)) }
            return readAll(descriptor, size: opened)
        }
    }

    /// Reads a file a folder's listing called regular, opened at once and checked through the
    /// descriptor: one walk of its path instead of two, which shows with thousands of small
    /// files. `nil` when it cannot be opened or is no longer a regular file, for `read` to say why
    /// (a FIFO there since the listing is never waited on: it opens without blocking).
    static func readListed(_ path: String, limit: Int) -> Result<Data, Failure>? {
        guard case .success(let (descriptor, size)) = open(path) else { return nil }
        defer { close(descriptor) }
        guard size <= limit else { return .failure(.tooLarge(size)) }
        return readAll(descriptor, size: size)
    }

    /// O_NONBLOCK: should a file be swapped for a FIFO since it was checked, opening it must not wait.
    private static let openFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// Opens a file without waiting and checks through the descriptor that it is a regular file,
    /// so a file swapped since it was looked at is caught; the caller closes the descriptor.
    /// - Returns: The descriptor and the file's size now.
    private static func open(_ path: String) -> Result<(descriptor: Int32, size: Int), Failure> {
        let descriptor = Foundation.open(path, openFlags)
        guard descriptor >= 0 else { return .failure(.cannotRead(FileProblem.describe(errno: errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.cannotRead(FileProblem.describe(errno: code)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.cannotRead(notRegularReason))
        }
        return .success((descriptor, Int(info.st_size)))
    }

    /// Reads an open regular file of `size` bytes into one buffer; a file that shrank since its
    /// size was taken is read as it is now.
    private static func readAll(_ descriptor: Int32, size: Int) -> Result<Data, Failure> {
        var data = Data(count: size)
        var filled = 0
        let failure: Int32? = data.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while filled < size {
                let count = Foundation.read(descriptor, base + filled, size - filled)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                filled += count
            }
            return nil
        }
        if let failure { return .failure(.cannotRead(FileProblem.describe(errno: failure))) }
        if filled < size { data.count = filled }
        return .success(data)
    }
}
