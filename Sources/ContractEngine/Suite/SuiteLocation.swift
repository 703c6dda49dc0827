import Foundation

/// Where a run stands: the folder it was started in, and the root of the suite around it.
///
/// The root is found the way git finds its own: from the current folder upwards, the first folder
/// that holds a `contracts` folder or a `Package.swift`. The default `contracts/` and `Fixtures/`
/// live there, so a command run from `contracts/countries` works on the same suite as one run from
/// the root; paths the user types (`PATH`, `--contracts DIR`, a body file) start from the current folder.
package struct SuiteLocation: Sendable {
    /// The folder the run started in.
    let currentDirectory: URL
    /// The suite's root; the current folder when none is found above it.
    package let root: URL
    /// Whether a root was found (a folder holding `contracts/` or a `Package.swift`), rather than
    /// the current folder taken for want of one.
    let isFound: Bool

    /// The contracts folder's name at the root.
    package static let contractsName = "contracts"
    /// The fixtures folder's name at the root.
    static let fixturesName = "Fixtures"

    /// Finds the suite around a folder.
    /// - Parameter currentDirectory: The folder the run started in.
    package init(currentDirectory: URL) {
        self.currentDirectory = currentDirectory
        let found = Self.findRoot(from: currentDirectory)
        root = found ?? currentDirectory
        isFound = found != nil
    }

    private static func findRoot(from start: URL) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(contractsName).path, isDirectory: &isFolder), isFolder.boolValue
            {
                return folder
            }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path, folder.path != "/" else { return nil }
            folder = parent
        }
    }

    /// A path the user typed: absolute as written, otherwise from the current folder.
    /// - Parameter path: The path.
    /// - Returns: The file's URL.
    package func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
    }

    /// A path from the suite's root: absolute as written, otherwise from the root.
    /// - Parameter path: The path.
    /// - Returns: The file's URL.
    func resolveInSuite(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    /// A folder option: as given, from the current folder; or the default, at the suite's root.
    /// - Parameters:
    ///   - given: The folder the user named, if any.
    ///   - name: The default folder's name at the root.
    /// - Returns: The folder and how messages name it.
    func folder(_ given: String?, default name: String) -> (url: URL, display: String) {
        if let given { return (resolve(given), given) }
        return (root.appendingPathComponent(name), name)
    }

    /// The contracts folder, when a path lies inside it (where every JSON file is read as a contract,
    /// so nothing else may be written there).
    /// - Parameters:
    ///   - target: The path.
    ///   - given: The folder `--contracts` named, if any.
    /// - Returns: How messages name the contracts folder, when the path lies inside it; else `nil`.
    package func contractsFolder(holding target: URL, given: String?) -> String? {
        let contracts = folder(given, default: Self.contractsName)
        return RealPath.isInside(target, contracts.url) ? contracts.display : nil
    }

    /// The fixtures folder a command works with.
    /// - Parameter given: The folder `--fixtures` named, if any.
    /// - Returns: Its locator.
    func fixtures(_ given: String?) -> FixtureLocator {
        let (url, display) = folder(given, default: Self.fixturesName)
        return FixtureLocator(root: url, displayRoot: display)
    }
}
