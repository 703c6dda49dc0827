import Foundation

// Where the document goes: the planned write, for the suite's writer to make.
extension OpenAPIExport {
    /// The write that puts the document in a file.
    /// - Parameters:
    ///   - document: The OpenAPI document.
    ///   - url: The file.
    ///   - display: How reports name it.
    /// - Returns: The planned write.
    static func changes(_ document: String, to url: URL, display: String) -> FileChanges {
        var changes = FileChanges()
        changes.write(Data(document.utf8), to: url, display: display)
        return changes
    }
}
