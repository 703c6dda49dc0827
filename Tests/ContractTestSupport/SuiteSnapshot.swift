import Foundation

/// Every file of a suite folder and its bytes, to show that a refused command changed nothing.
package enum SuiteSnapshot {
    /// The files under `folder`, keyed by their path relative to it.
    package static func files(_ folder: borrowing SuiteFolder) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.url.path)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue
            {
                files[path] = try folder.read(path)
            }
        }
        return files
    }
}
