import Foundation

/// Finds contract files: every `.json` file under the given files and folders, in a stable order.
struct ContractDiscovery {
    /// A contract file and how reports name it.
    struct Found: Sendable {
        let url: URL
        let display: String
        /// The file's path with every symlink resolved: what tells two spellings of it apart.
        var realPath: String
    }

    /// A path given on the command line that does not exist.
    struct MissingPath: Error {
        let path: String
    }

    let location: SuiteLocation

    /// Lists contract files under paths the user typed, following folder symlinks once and never
    /// into a loop. A file named twice is listed once, under its first spelling.
    /// - Parameter paths: Files and folders, as given.
    /// - Returns: The files, sorted by their display names and without duplicates.
    /// - Throws: `MissingPath` for a path that does not exist.
    func find(_ paths: [String]) throws(MissingPath) -> [Found] {
        var found: [String: Found] = [:]
        for path in paths {
            try add(location.resolve(path), display: RealPath.normalized(path), as: path, into: &found)
        }
        return found.values.sorted { $0.display < $1.display }
    }

    /// Lists the contract files under one folder.
    /// - Parameters:
    ///   - folder: The folder.
    ///   - display: How messages name it.
    /// - Returns: The files, sorted by their display names.
    /// - Throws: `MissingPath` when the folder does not exist.
    func find(folder: URL, display: String) throws(MissingPath) -> [Found] {
        var found: [String: Found] = [:]
        try add(folder, display: RealPath.normalized(display), as: display, into: &found)
        return found.values.sorted { $0.display < $1.display }
    }

    private func add(_ url: URL, display: String, as given: String, into found: inout [String: Found])
        throws(MissingPath)
    {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw MissingPath(path: given)
        }
        if isFolder.boolValue {
            var visited = Set<String>()
            walk(url, display: display, visited: &visited, into: &found)
        } else {
            let key = Self.identity(of: url)
            if found[key] == nil { found[key] = Found(url: url, display: display, realPath: key) }
        }
    }

    private func walk(_ folder: URL, display: String, visited: inout Set<String>, into found: inout [String: Found]) {
        guard visited.insert(Self.identity(of: folder)).inserted else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = folder.appendingPathComponent(name)
            let childDisplay = display.isEmpty || display == "." ? name : display + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                walk(child, display: childDisplay, visited: &visited, into: &found)
            } else if name.lowercased().hasSuffix(".json") {
                let key = Self.identity(of: child)
                if found[key] == nil { found[key] = Found(url: child, display: childDisplay, realPath: key) }
            }
        }
    }

    /// What tells two spellings of one file or folder apart from two files: its path with every
    /// symlink resolved.
    private static func identity(of url: URL) -> String {
        // One `realpath` for a file that is there; URL's own standardizing costs more than that.
        RealPath.of(url.path) ?? RealPath.resolvingExisting(url.standardizedFileURL.path)
    }
}
