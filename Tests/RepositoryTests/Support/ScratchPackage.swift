import Foundation

/// A Swift package a document shows file by file, read from the document and written to a folder:
/// each fenced block under a `<!-- scratch-package: PATH -->` marker is (a part of) the file PATH,
/// and one under `<!-- scratch-package: output of ... -->` is an output the document shows.
struct ScratchPackage {
    /// The files by path, the blocks for one path joined in the document's order.
    var files: [String: String] = [:]
    /// The outputs the document shows, by what the marker says they are the output of.
    var outputs: [String: [String]] = [:]
    /// The info strings (`swift`, `json`, ...) and lines of the blocks no marker claims.
    var unclaimed: [(tag: String, line: Int)] = []

    /// Why a document cannot be read as a package.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads a document.
    /// - Parameters:
    ///   - text: The Markdown.
    ///   - name: The document's name, for errors.
    /// - Throws: `ReadError` for a marker that is not right above a block, or a block never closed.
    init(reading text: String, name: String) throws {
        let lines = text.components(separatedBy: "\n")
        let prefix = "<!-- scratch-package: "
        var claim: (path: String, line: Int)?
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            if line.hasPrefix(prefix), line.hasSuffix(" -->") {
                claim = (String(line.dropFirst(prefix.count).dropLast(" -->".count)), index)
                continue
            }
            // Other tools' markers (the doc runner's `<!-- doc: ... -->`) may sit between.
            if line.hasPrefix("<!--") && line.hasSuffix("-->") { continue }
            guard line.hasPrefix("```") else {
                if !line.isEmpty, let claim {
                    throw ReadError(description: "\(name):\(claim.line): a scratch-package marker above no block")
                }
                continue
            }
            let tag = String(line.dropFirst(3))
            let opened = index
            var body: [String] = []
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            guard index < lines.count else { throw ReadError(description: "\(name):\(opened): a block never closed") }
            index += 1
            switch claim {
            case (let path, _)? where path.hasPrefix("output of "):
                outputs[String(path.dropFirst("output of ".count)), default: []] += body
            case (let path, _)?:
                files[path] = (files[path].map { $0 + "\n" } ?? "") + body.joined(separator: "\n") + "\n"
            case nil:
                unclaimed.append((tag, opened))
            }
            claim = nil
        }
        if let claim { throw ReadError(description: "\(name):\(claim.line): a scratch-package marker above no block") }
    }

    /// Writes every file under a folder.
    /// - Parameter folder: The package's folder.
    /// - Throws: What writing a file throws.
    func write(to folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}
