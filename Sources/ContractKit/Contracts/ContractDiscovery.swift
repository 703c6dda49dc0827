import Foundation

/// Finds contract files: every `.json` file under the given files and folders, in a stable order.
struct ContractDiscovery {
    /// A contract file and how reports name it.
    struct Found: Sendable {
        let url: URL
        let display: String
    }

    /// A path given on the command line that does not exist.
    struct MissingPath: Error {
        let path: String
    }

    let currentDirectory: URL

    /// Lists contract files under paths, following folder symlinks once and never into a loop.
    /// - Parameter paths: Files and folders, as given.
    /// - Returns: The files, sorted by their display names and without duplicates.
    /// - Throws: `MissingPath` for a path that does not exist.
    func find(_ paths: [String]) throws(MissingPath) -> [Found] {
        var found: [String: Found] = [:]
        for path in paths {
            let url = resolve(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw MissingPath(path: path)
            }
            if isFolder.boolValue {
                var visited = Set<String>()
                walk(url, display: trimmed(path), visited: &visited, into: &found)
            } else {
                let display = trimmed(path)
                found[url.standardizedFileURL.resolvingSymlinksInPath().path] = Found(url: url, display: display)
            }
        }
        return found.values.sorted { $0.display < $1.display }
    }

    private func walk(_ folder: URL, display: String, visited: inout Set<String>, into found: inout [String: Found]) {
        let real = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = folder.appendingPathComponent(name)
            let childDisplay = display.isEmpty || display == "." ? name : display + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                walk(child, display: childDisplay, visited: &visited, into: &found)
            } else if name.lowercased().hasSuffix(".json") {
                let key = child.standardizedFileURL.resolvingSymlinksInPath().path
                if found[key] == nil { found[key] = Found(url: child, display: childDisplay) }
            }
        }
    }

    private func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
    }

    private func trimmed(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
