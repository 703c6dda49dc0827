import ContractTestSupport
import Foundation

/// Every Swift file under `Sources/`, read once and shared by the architecture tests (layers,
/// command-line layers, front door, function length), which each used to read and strip them all
/// again: each file's text and its code without comments and string literals.
enum SourceIndex {
    /// One Swift file of the sources.
    struct File: Sendable {
        /// The path under `Sources/`: `ContractEngine/JSON/BodyScan.swift`.
        let path: String
        /// The file as written.
        let text: String
        /// The code without comments and string literals (`LayerTests.strip`).
        let code: String
    }

    /// Why the sources could not be read.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The files, sorted by path, or why one could not be read.
    private static let read: Result<[File], ReadError> = {
        let sources = Repository.root.appendingPathComponent("Sources")
        var files: [File] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            guard let data = try? Data(contentsOf: sources.appendingPathComponent(path)) else {
                return .failure(ReadError(description: "cannot read Sources/\(path)"))
            }
            let text = String(decoding: data, as: UTF8.self)
            files.append(File(path: path, text: text, code: LayerTests.strip(text)))
        }
        return .success(files.sorted { $0.path < $1.path })
    }()

    /// The files of one target, with their paths inside it (`JSON/BodyScan.swift`).
    /// - Parameter target: The target's folder under `Sources/`.
    /// - Returns: The files, sorted by path.
    /// - Throws: `ReadError` when a file of the sources could not be read.
    static func files(of target: String) throws -> [(path: String, file: File)] {
        try read.get().compactMap { file in
            file.path.hasPrefix(target + "/") ? (String(file.path.dropFirst(target.count + 1)), file) : nil
        }
    }

    /// Every file of the sources.
    /// - Returns: The files, sorted by path.
    /// - Throws: `ReadError` when a file could not be read.
    static func all() throws -> [File] {
        try read.get()
    }
}
