import Foundation

// Where the pacts go: the planned writes, for the suite's writer to make all or none.
extension PactExport {
    /// The writes that put each pact file in a folder.
    /// - Parameters:
    ///   - files: The pact files.
    ///   - folder: The folder.
    ///   - display: How reports name the folder.
    /// - Returns: The planned writes.
    static func changes(_ files: [File], in folder: URL, display: String) -> FileChanges {
        let shown = display.hasSuffix("/") ? display : display + "/"
        var changes = FileChanges()
        for file in files {
            changes.write(
                Data(file.text.utf8), to: folder.appendingPathComponent(file.name), display: shown + file.name)
        }
        return changes
    }
}
