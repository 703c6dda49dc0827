import Foundation
import HTTPStub

/// Resolves a case's `fixture` path inside the fixtures folder, refusing any path that leaves it.
struct FixtureLocator: Sendable {
    /// The fixtures folder as given, for messages (`Fixtures`).
    let displayRoot: String
    /// The fixtures folder with symlinks resolved.
    let root: URL
    /// The root's path ending in a slash: what every path inside it starts with.
    private let rootPrefix: String
    private let folders = ResolvedFolders()

    /// Creates a locator.
    /// - Parameters:
    ///   - root: The fixtures folder.
    ///   - displayRoot: How messages name it.
    init(root: URL, displayRoot: String) {
        self.root = URL(fileURLWithPath: RealPath.resolvingExisting(root.standardizedFileURL.path), isDirectory: true)
        self.displayRoot = displayRoot
        rootPrefix = self.root.path.hasSuffix("/") ? self.root.path : self.root.path + "/"
    }

    /// A fixture path that cannot be used.
    struct Problem: Error, Sendable {
        /// What is wrong with it.
        let message: String
    }

    /// Resolves a fixture path.
    /// - Parameter path: The path as a contract writes it, relative to the fixtures folder.
    /// - Returns: The file's URL, or why the path cannot be used.
    func resolve(_ path: String) -> Result<URL, Problem> {
        // Saying it is not a folder spares `URL` a `stat` of its own; reading it checks that.
        resolvePath(path).map { URL(fileURLWithPath: $0, isDirectory: false) }
    }

    /// Resolves a fixture path to the file's path, without making a `URL` (which costs more than
    /// the rest of resolving): what loading thousands of cases uses.
    /// - Parameter path: The path as a contract writes it, relative to the fixtures folder.
    /// - Returns: The file's path with symlinks resolved, or why the path cannot be used.
    func resolvePath(_ path: String) -> Result<String, Problem> {
        guard !path.isEmpty else { return .failure(Problem(message: "\"fixture\" must not be empty")) }
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else {
            return .failure(
                Problem(
                    message:
                        "fixture path \"\(path)\" is absolute; write it relative to the fixtures folder \"\(displayRoot)\""
                ))
        }
        guard !path.utf8.contains(0) else { return .failure(Problem(message: "fixture path contains a NUL character")) }
        let lexical = Self.isPlain(path) ? rootPrefix + path : Self.standardized(rootPrefix + path)
        let resolved = resolvedPath(lexical)
        guard contains(lexical), contains(resolved) else {
            return .failure(Problem(message: "fixture path \"\(path)\" leaves the fixtures folder \"\(displayRoot)\""))
        }
        return .success(resolved)
    }

    /// How reports name a fixture: the fixtures folder joined with the path as written.
    /// - Parameter path: The path as a contract writes it.
    /// - Returns: Such as `Fixtures/countries/france.json`.
    /// The existing fixture whose path is nearest a path that names none, for "did you mean": within
    /// three edits, looked for among the first 20,000 files of the fixtures folder.
    /// - Parameter path: The path as the contract writes it.
    /// - Returns: The nearest fixture's path, as a contract would write it.
    func nearestFixture(to path: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return nil }
        var candidates: [String] = []
        while candidates.count < 20_000, let next = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { candidates.append(next) }
        }
        let wanted = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return ContractReader.suggestion(for: wanted, among: candidates.sorted(), within: 3)
    }

    /// What a path that names no fixture most likely meant, as the end of its message: a path
    /// written from the suite's root (`Fixtures/dogs/page.json`) is told that fixture paths start
    /// inside the fixtures folder; any other, the nearest existing fixture.
    /// - Parameter path: The path as the contract writes it.
    /// - Returns: Such as `fixture paths are relative to Fixtures/; did you mean "dogs/page.json"?`.
    func hint(for path: String) -> String? {
        let folder = URL(fileURLWithPath: displayRoot).lastPathComponent + "/"
        if path.hasPrefix(folder) || path.hasPrefix("./" + folder) {
            let inside = String(path.dropFirst(path.hasPrefix("./") ? folder.count + 2 : folder.count))
            if case .success(let file) = resolvePath(inside), FileManager.default.fileExists(atPath: file) {
                return "fixture paths are relative to \(folder); did you mean \(JSONValue.quote(inside))?"
            }
        }
        return nearestFixture(to: path).map { "did you mean \(JSONValue.quote($0))?" }
    }

    func displayName(_ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return displayRoot.hasSuffix("/") ? displayRoot + trimmed : displayRoot + "/" + trimmed
    }

    /// Whether a relative path has no empty, `.` or `..` component (nor any other starting with a
    /// dot), so that joining it to the root needs no standardizing: what nearly every fixture is.
    private static func isPlain(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var previous = slash
        for byte in path.utf8 {
            if previous == slash, byte == slash || byte == dot { return false }
            previous = byte
        }
        return previous != slash
    }

    /// A path with `.`, `..` and repeated slashes taken out, without asking the file system.
    private static func standardized(_ path: String) -> String {
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = kept.popLast()
            default: kept.append(component)
            }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// The file's path with every symlink resolved. Fixtures share a few folders, so each folder
    /// is resolved and listed once a run, and only a file the listing calls a link (or cannot
    /// tell) is looked at on its own: a `realpath` a fixture read every component's link again,
    /// which matters with thousands of fixtures.
    private func resolvedPath(_ lexical: String) -> String {
        guard let (folderPath, name) = Self.split(lexical) else { return lexical }
        let folder = folders.folder(folderPath)
        if folder.mayBeLink(name) {
            var info = stat()
            if lstat(lexical, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return RealPath.of(lexical) ?? lexical
            }
        }
        // A missing file keeps its name in the resolved folder, where reading it says it is missing.
        return folder.resolved.hasSuffix("/") ? folder.resolved + name : folder.resolved + "/" + name
    }

    /// Whether the listing of a resolved file's folder, made while resolving, called it a regular
    /// file, so reading it can skip a `stat` of its own.
    /// - Parameter file: A path `resolvePath(_:)` returned.
    /// - Returns: `false` when not known.
    func isListedRegular(_ file: String) -> Bool {
        guard let (folder, name) = Self.split(file) else { return false }
        return folders.listedRegular(name: name, inResolved: folder)
    }

    /// A path's folder (`""` for the root) and last component, or `nil` without a slash.
    private static func split(_ path: String) -> (folder: String, name: String)? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    /// A resolved file's path relative to the fixtures folder, or `nil` when it lies outside.
    /// - Parameter url: The file, symlinks resolved.
    /// - Returns: Such as `countries/france.json`.
    func relativePath(of url: URL) -> String? {
        url.path.hasPrefix(rootPrefix) ? String(url.path.dropFirst(rootPrefix.count)) : nil
    }

    private func contains(_ path: String) -> Bool {
        path.hasPrefix(rootPrefix)
    }
}

/// The folders a locator has resolved and listed, shared by its copies and the threads using them.
private final class ResolvedFolders: Sendable {
    /// One folder: its path with every symlink resolved, and what its listing said of its entries.
    struct Folder: Sendable {
        let resolved: String
        /// The entries the listing calls links or gives no type, and those it calls regular files;
        /// `nil` when the folder cannot be listed.
        let listing: (links: Set<String>, regular: Set<String>)?

        func mayBeLink(_ name: String) -> Bool {
            listing?.links.contains(name) ?? true
        }
    }

    /// The folders by lexical path, and by resolved path.
    private let known = Locked((byPath: [String: Folder](), byResolvedPath: [String: Folder]()))

    /// The folder at a lexical path (`""` for the file-system root); a missing one stays as it is.
    func folder(_ path: String) -> Folder {
        if let folder = known.withLock({ $0.byPath[path] }) { return folder }
        let lexical = path.isEmpty ? "/" : path
        let folder = Folder(resolved: RealPath.of(lexical) ?? lexical, listing: Self.listing(of: lexical))
        known.withLock { known in
            known.byPath[path] = folder
            known.byResolvedPath[folder.resolved] = folder
        }
        return folder
    }

    /// Whether the listing of a folder, by its resolved path, called a name a regular file.
    func listedRegular(name: String, inResolved folder: String) -> Bool {
        let listed = known.withLock { $0.byResolvedPath[folder.isEmpty ? "/" : folder] }
        return listed?.listing?.regular.contains(name) ?? false
    }

    /// The names in a folder whose entry is a symlink or of a type the file system does not say,
    /// and the names of its regular files.
    private static func listing(of folder: String) -> (links: Set<String>, regular: Set<String>)? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var links: Set<String> = []
        var regular: Set<String> = []
        while let entry = readdir(stream) {
            let type = Int(entry.pointee.d_type)
            let isLink = type == Int(DT_LNK) || type == Int(DT_UNKNOWN)
            guard isLink || type == Int(DT_REG) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isLink { links.insert(name) } else { regular.insert(name) }
        }
        return (links, regular)
    }
}
