import Foundation

/// Writes that must all happen or none, such as `add`'s new fixture and its contract.
///
/// Every folder is checked before anything is written, so a path blocked by a file fails with
/// nothing touched; every file is then written beside its target, and only when all of them are
/// written are they renamed into place, so a full disk leaves every file as it was. A file whose
/// bytes would not change is not written at all.
package struct FileChanges: Equatable {
    private struct Write: Equatable {
        let content: Content
        let url: URL
        let display: String
    }

    /// What a planned file holds: bytes in memory, or a piece of a spool read as it is written.
    private enum Content: Equatable {
        case bytes(Data)
        case spooled(ByteSpool.Slice)

        /// The bytes, `nil` when a spool cannot be read back.
        func load() -> Data? {
            switch self {
            case .bytes(let data): data
            case .spooled(let slice): slice.bytes()
            }
        }
    }

    private var writes: [Write] = []
    /// Where each planned file is in `writes`, by its standardized path: a plan of thousands of
    /// files (`mutate --mutants`) stays linear.
    private var positions: [String: Int] = [:]

    /// No write planned yet.
    init() {}

    /// Plans a write; a later write to the same file replaces it.
    /// - Parameters:
    ///   - data: The content.
    ///   - url: Where it goes.
    ///   - display: How messages name the file.
    mutating func write(_ data: Data, to url: URL, display: String) {
        plan(.bytes(data), to: url, display: display)
    }

    /// Plans a write of bytes kept in a spool, read only as the file is written, so a plan of
    /// thousands of large files does not hold them in memory.
    /// - Parameters:
    ///   - slice: The content.
    ///   - url: Where it goes.
    ///   - display: How messages name the file.
    mutating func write(_ slice: ByteSpool.Slice, to url: URL, display: String) {
        plan(.spooled(slice), to: url, display: display)
    }

    private mutating func plan(_ content: Content, to url: URL, display: String) {
        let key = url.standardizedFileURL.path
        if let earlier = positions[key] {
            writes.remove(at: earlier)
            positions = [:]
            for (index, write) in writes.enumerated() { positions[write.url.standardizedFileURL.path] = index }
        }
        positions[key] = writes.count
        writes.append(Write(content: content, url: url, display: display))
    }

    /// Plans every write of another plan as well, after these, so both are written all or none.
    /// - Parameter other: The other plan; a file both plan gets its bytes.
    mutating func merge(_ other: FileChanges) {
        for write in other.writes { plan(write.content, to: write.url, display: write.display) }
    }

    /// Whether nothing is planned.
    var isEmpty: Bool { writes.isEmpty }

    /// The files planned, as messages name them.
    var files: [String] { writes.map(\.display) }

    /// Changes written beside their targets, not yet in place.
    struct Staged {
        fileprivate var files: [AtomicFile.Staged] = []
        fileprivate var createdFolders: [URL] = []
        /// The files that will change, as messages name them; those already as planned are left out.
        var changed: [String] = []
    }

    /// Writes every planned file that would change into a temporary file beside it.
    /// - Parameter temporaries: Where the temporary files are listed while they exist.
    /// - Returns: What `commit` renames into place.
    /// - Throws: `FileWriteError` naming the file as messages name it, with nothing left behind.
    func stage(temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError) -> Staged {
        let pending = writes.filter { !Self.holds($0) }
        for write in pending {
            if let blocked = Self.blockingFile(above: write.url) {
                throw FileWriteError(path: write.display, reason: "\"\(blocked)\" is a file, not a folder")
            }
        }
        var staged = Staged()
        do throws(FileWriteError) {
            for write in pending {
                for folder in Self.missingFolders(above: write.url) {
                    guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
                        throw FileWriteError(path: write.display, reason: FileProblem.describe(errno: errno))
                    }
                    staged.createdFolders.append(folder)
                }
                guard let data = write.content.load() else {
                    throw FileWriteError(
                        path: write.display, reason: "its bytes, kept in a temporary file, cannot be read")
                }
                do {
                    staged.files.append(try AtomicFile.stage(data, to: write.url, temporaries: temporaries))
                } catch {
                    throw FileWriteError(path: write.display, reason: error.reason)
                }
                staged.changed.append(write.display)
            }
        } catch {
            Self.discard(staged, temporaries: temporaries)
            throw error
        }
        return staged
    }

    /// Whether every planned file that staging left out, as already holding its bytes, still does.
    /// - Parameter staged: What was staged.
    func isCurrent(besides staged: Staged) -> Bool {
        let written = Set(staged.changed)
        return writes.allSatisfy { written.contains($0.display) || Self.holds($0) }
    }

    /// Whether a planned file holds its bytes already.
    private static func holds(_ write: Write) -> Bool {
        guard let existing = try? Data(contentsOf: write.url) else { return false }
        return existing == write.content.load()
    }

    /// Renames every staged file into place.
    /// - Throws: `FileWriteError` when a rename fails (the staged files not yet renamed are
    ///   removed; a rename in the same folder fails only when the file system does, and the files
    ///   renamed before it stay new).
    static func commit(_ staged: Staged, temporaries: SuiteWriter.TemporaryFiles) throws(FileWriteError) {
        let failure: FileWriteError? = temporaries.whileRenaming {
            for (index, file) in staged.files.enumerated() {
                do throws(FileWriteError) {
                    try AtomicFile.commit(file, temporaries: temporaries)
                } catch {
                    for rest in staged.files[(index + 1)...] { AtomicFile.discard(rest, temporaries: temporaries) }
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Removes staged files and the folders made for them.
    static func discard(_ staged: Staged, temporaries: SuiteWriter.TemporaryFiles) {
        for file in staged.files { AtomicFile.discard(file, temporaries: temporaries) }
        for folder in staged.createdFolders.reversed() { rmdir(folder.path) }
    }

    /// The nearest existing ancestor of a file's folder when it is not a folder.
    private static func blockingFile(above url: URL) -> String? {
        var folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : folder.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The folders above a file that do not exist yet, outermost first.
    private static func missingFolders(above url: URL) -> [URL] {
        var missing: [URL] = []
        var folder = url.deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.path) {
            missing.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return missing
    }
}
