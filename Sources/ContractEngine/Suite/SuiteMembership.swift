import Foundation

/// Which suite a contract file belongs to, and its identity in it.
///
/// A suite is a folder holding `contracts/` (or a `Package.swift`); a contract belongs to the
/// nearest such folder above it, as a file belongs to the nearest git repository. Inside the run's
/// suite, a contract's identity is its path from the root with every symlink resolved, so
/// `$PWD/contracts/x.json`, `./contracts//x.json` and a link to it are one contract: one shard,
/// one name in every report. A contract of another suite reads that suite's fixtures, so a run of
/// this one does not take it unless its fixtures folder is given.
struct SuiteMembership {
    /// Where a contract file stands.
    enum Place: Equatable {
        /// In the run's suite, with its path from the root: `contracts/countries/by-name.json`.
        case inside(identity: String)
        /// In another suite (its root), or in none (`nil`).
        case outside(suiteRoot: String?)
    }

    /// The run's suite root with every symlink resolved.
    let root: String
    private var rootPrefix: String { root.hasSuffix("/") ? root : root + "/" }

    /// - Parameter root: The run's suite root.
    init(root: URL) {
        self.root = RealPath.of(root.path) ?? root.standardizedFileURL.path
    }

    /// Places a contract file.
    /// - Parameters:
    ///   - realPath: The file's path with every symlink resolved.
    ///   - roots: What is known of the folders looked at so far (most contracts share a few).
    /// - Returns: Its identity in the run's suite, or the suite it belongs to instead.
    func place(realPath real: String, roots: inout [String: Bool]) -> Place {
        var folder = Self.parent(of: real)
        while folder != root, folder != "/", !folder.isEmpty {
            let isRoot = roots[folder] ?? Self.isSuiteRoot(folder)
            roots[folder] = isRoot
            if isRoot { return .outside(suiteRoot: folder) }
            folder = Self.parent(of: folder)
        }
        guard folder == root, real.hasPrefix(rootPrefix) else {
            return .outside(suiteRoot: Self.isSuiteRoot("/") ? "/" : nil)
        }
        return .inside(identity: String(real.dropFirst(rootPrefix.count)))
    }

    /// A path's folder, `/` for a file at the root; on the path's bytes, without bridging to
    /// `NSString` (which shows with thousands of contracts).
    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether a folder is a suite's root: it holds a `contracts` folder or a `Package.swift`.
    private static func isSuiteRoot(_ folder: String) -> Bool {
        var info = stat()
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        if stat(base + SuiteLocation.contractsName, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return true }
        return access(base + "Package.swift", F_OK) == 0
    }
}
