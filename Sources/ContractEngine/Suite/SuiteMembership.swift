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
    /// - Parameter file: The file as found.
    /// - Returns: Its identity in the run's suite, or the suite it belongs to instead.
    func place(of file: URL) -> Place {
        let real = RealPath.of(file.path) ?? file.standardizedFileURL.path
        var folder = (real as NSString).deletingLastPathComponent
        while folder != root, folder != "/", !folder.isEmpty {
            if Self.isSuiteRoot(folder) { return .outside(suiteRoot: folder) }
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard folder == root, real.hasPrefix(rootPrefix) else {
            return .outside(suiteRoot: Self.isSuiteRoot("/") ? "/" : nil)
        }
        return .inside(identity: String(real.dropFirst(rootPrefix.count)))
    }

    /// Whether a folder is a suite's root: it holds a `contracts` folder or a `Package.swift`.
    private static func isSuiteRoot(_ folder: String) -> Bool {
        var info = stat()
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        if stat(base + SuiteLocation.contractsName, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return true }
        return access(base + "Package.swift", F_OK) == 0
    }
}
