import Foundation

/// Writes that must all happen or none: `add`'s new fixture and its contract.
///
/// Every folder is checked before anything is written, so a path blocked by a file fails with
/// nothing touched; a write that still fails (a full disk) takes back the files and folders the
/// earlier writes created.
struct FileChanges {
    private var writes: [(data: Data, url: URL, display: String)] = []

    /// Plans a write.
    /// - Parameters:
    ///   - data: The content.
    ///   - url: Where it goes.
    ///   - display: How messages name the file.
    mutating func write(_ data: Data, to url: URL, display: String) {
        writes.append((data, url, display))
    }

    /// Carries out every planned write, or none.
    /// - Throws: `FileWriteError` naming the file as messages name it, with every file as it was.
    func apply() throws(FileWriteError) {
        for write in writes {
            if let blocked = Self.blockingFile(above: write.url) {
                throw FileWriteError(path: write.display, reason: "\"\(blocked)\" is a file, not a folder")
            }
        }
        var createdFiles: [URL] = []
        var createdFolders: [URL] = []
        do throws(FileWriteError) {
            for write in writes {
                for folder in Self.missingFolders(above: write.url) {
                    guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
                        throw FileWriteError(path: write.display, reason: FileProblem.describe(errno: errno))
                    }
                    createdFolders.append(folder)
                }
                let existed = FileManager.default.fileExists(atPath: write.url.path)
                do {
                    try AtomicFile.write(write.data, to: write.url)
                } catch {
                    throw FileWriteError(path: write.display, reason: error.reason)
                }
                if !existed { createdFiles.append(write.url) }
            }
        } catch {
            for file in createdFiles { unlink(file.path) }
            for folder in createdFolders.reversed() { rmdir(folder.path) }
            throw error
        }
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
