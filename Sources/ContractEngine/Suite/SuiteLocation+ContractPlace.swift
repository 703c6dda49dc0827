import ContractCatalogue
import Foundation

extension SuiteLocation {
    /// Why `add` will not write a contract at a path: `verify` would never run it there.
    enum PlaceProblem: Error, Sendable {
        /// Outside the suite's `contracts/` folder: where the path leads, and the path from the
        /// suite's root the user most likely meant.
        case outsideContracts(resolved: String, meant: String)
        /// Not a `.json` file.
        case notJSON
    }

    /// Where a contract `add` writes to lies, from its path as typed.
    /// - Parameters:
    ///   - path: The contract's path from the suite's root (absolute as written).
    ///   - fixtures: The fixtures folder the user named, if any.
    ///   - catalogue: The catalogue, whose suite here names a key a body lacks as its bodies
    ///     spell it; `nil` to name it from the body alone.
    /// - Returns: The place, or why `verify` would never run a contract there.
    func contractPlace(_ path: String, fixtures: String?, catalogue: Catalogue? = nil) -> Result<
        ContractPlace, PlaceProblem
    > {
        // Resolved from the suite's root, as --as is from the fixtures folder, so add does the
        // same thing from any folder of the suite.
        let url = resolveInSuite(path)
        let contracts =
            RealPath.resolvingExisting(
                root.appendingPathComponent(Self.contractsName).standardizedFileURL.path) + "/"
        let folder = RealPath.resolvingExisting(url.deletingLastPathComponent().standardizedFileURL.path) + "/"
        if !folder.hasPrefix(contracts) {
            // From inside contracts/, the path the user most likely meant starts where they stand.
            let base = root.standardizedFileURL.path + "/"
            let here = currentDirectory.standardizedFileURL.path + "/"
            let display = Self.contractsName + "/"
            let meant =
                here.hasPrefix(base + display) && !path.hasPrefix("/")
                ? String(here.dropFirst(base.count)) + path : display + url.lastPathComponent
            return .failure(.outsideContracts(resolved: url.standardizedFileURL.path, meant: meant))
        }
        if !url.lastPathComponent.lowercased().hasSuffix(".json") { return .failure(.notJSON) }
        // A key a body lacks is named as the suite's bodies spell it, the suite read once an add.
        let spelling: @Sendable (ModelDescriptor) -> ModelDescriptor
        if let catalogue {
            let suite = SuiteSelection.Spelling(catalogue: catalogue, location: self, fixtures: fixtures)
            spelling = { suite.model($0) }
        } else {
            spelling = { $0 }
        }
        return .success(
            ContractPlace(
                path: path, url: url, fixtures: self.fixtures(fixtures),
                fixtureFolder: Self.fixtureFolder(contract: path),
                schema: schemaReference(contract: url), spelling: spelling))
    }

    /// The folder under the fixtures folder where a contract's new fixtures go: its path from
    /// `contracts/`, without `.json` (`contracts/countries/by-name.json` → `countries/by-name`).
    static func fixtureFolder(contract: String) -> String {
        var folder = RealPath.normalized(contract)
        if folder.hasPrefix(contractsName + "/") { folder.removeFirst(contractsName.count + 1) }
        if folder.lowercased().hasSuffix(".json") { folder.removeLast(5) }
        return folder
    }

    /// Where the JSON Schema of contract files is, from the suite's root: `"$schema"` of a new
    /// contract points there, when the file is there.
    static let schemaPath = "schema/contract.schema.json"

    /// `"$schema"` for a new contract: the JSON Schema of contract files at the suite's root
    /// (`schema/contract.schema.json`), from the contract's folder, so editors validate it; `nil`
    /// when the suite has no such file (an app's suite until it writes one with `export schema`),
    /// since a `"$schema"` that leads nowhere makes editors complain rather than help.
    private func schemaReference(contract: URL) -> String? {
        var isFolder: ObjCBool = false
        guard
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent(Self.schemaPath).path, isDirectory: &isFolder),
            !isFolder.boolValue
        else { return nil }
        let folder = RealPath.resolvingExisting(contract.deletingLastPathComponent().standardizedFileURL.path)
        let base = RealPath.resolvingExisting(root.standardizedFileURL.path)
        let depth = folder.hasPrefix(base + "/") ? folder.dropFirst(base.count + 1).split(separator: "/").count : 0
        return String(repeating: "../", count: depth) + Self.schemaPath
    }
}
