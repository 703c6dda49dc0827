import Foundation

/// Writes a file through a temporary file and a rename, so an interrupted run leaves no half file
/// and a reader sees either the old content or the new.
enum AtomicFile {
    static func write(_ text: String, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try Data(text.utf8).write(to: temporary)
        // rename(2) replaces the target in one step; FileManager.replaceItemAt on Linux removes
        // the target first and can leave nothing behind when it then fails.
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
        }
    }
}
