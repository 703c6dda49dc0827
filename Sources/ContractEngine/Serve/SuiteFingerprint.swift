import Foundation

/// What the files of a suite look like on disk: each file's and folder's identity, size and times,
/// so an edit in place is seen as well as a file replaced.
///
/// A file system keeps times at a granularity (a kernel tick on Linux, seconds elsewhere), so an
/// edit of the same size made within the tick of the last look leaves every time as it was. As
/// git does for its index ("racy git"), a file whose modification time is not older than the scan
/// that saw it is racy: its content's hash is kept too, and compared at the next scan, however its
/// times read by then.
struct SuiteFingerprint: Equatable {
    /// What a file's status says of it, as compared.
    struct Status: Equatable {
        /// The device, inode, size and times, as one text.
        let text: String
        /// The modification time, in seconds since 1970.
        let modified: TimeInterval
    }

    /// Each path's status, its content's hash when it is racy or was at the last scan, and whether
    /// it is racy.
    private var entries: [String: (status: Status?, content: UInt64?, racy: Bool)] = [:]

    /// Looks at every file and folder under the roots.
    /// - Parameters:
    ///   - roots: The watched folders and files.
    ///   - scannedAt: When the scan started, by the clock file times are set from.
    ///   - previous: The last scan: a file racy then is hashed again, so the two compare by content.
    ///   - status: Reads a path's status; `stat(2)` but in tests.
    init(
        _ roots: [URL], scannedAt: Date, previous: SuiteFingerprint? = nil,
        status: (String) -> Status? = SuiteFingerprint.status
    ) {
        let start = scannedAt.timeIntervalSince1970
        func add(_ path: String) {
            let seen = status(path)
            // Within a second of the scan: coarser than any tick a file system keeps times at but FAT's.
            let racy = seen.map { $0.modified >= start - 1 } ?? false
            var content: UInt64?
            if racy || previous?.entries[path]?.racy == true {
                content = FileManager.default.contents(atPath: path).map { SipHash.hash($0) }
            }
            entries[path] = (seen, content, racy)
        }
        for root in roots {
            add(root.path)
            guard let names = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let name = names.nextObject() as? String {
                add(root.path + "/" + name)
            }
        }
    }

    static func == (lhs: SuiteFingerprint, rhs: SuiteFingerprint) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (path, left) in lhs.entries {
            guard let right = rhs.entries[path], left.status == right.status else { return false }
            if let before = left.content, let after = right.content, before != after { return false }
        }
        return true
    }

    /// A path's status from `stat(2)`, or `nil` when it cannot be read.
    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let (mtime, ctime) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (mtime, ctime) = (info.st_mtim, info.st_ctim)
        #endif
        return Status(
            text:
                "\(info.st_dev) \(info.st_ino) \(info.st_size) \(mtime.tv_sec).\(mtime.tv_nsec) \(ctime.tv_sec).\(ctime.tv_nsec)",
            modified: TimeInterval(mtime.tv_sec) + TimeInterval(mtime.tv_nsec) / 1e9)
    }
}
