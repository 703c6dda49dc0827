import ContractCatalogue
import Foundation

extension SuiteExport {
    /// Writes the JSON Schema of contract files with the catalogue's endpoint and model names in
    /// it, for editors: the suite is not read, so it needs no contract.
    /// - Parameters:
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - out: The file as the user typed it, from the current folder.
    ///   - location: Where the suite is.
    ///   - writer: The suite's one writer.
    /// - Returns: `.schema` with what it names, or `.cannotWrite`.
    /// - Throws: `Refusal.outIsAFolder` when `out` is a folder.
    package static func schema(catalogue: Catalogue, out: String, location: SuiteLocation, writer: SuiteWriter)
        throws(Refusal) -> Outcome
    {
        let target = location.resolve(out)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .outIsAFolder
        }
        var changes = FileChanges()
        changes.write(Data(ContractSchema.document(for: catalogue).utf8), to: target, display: out)
        do throws(FileWriteError) {
            _ = try writer.write(changes)
        } catch {
            return .cannotWrite(error)
        }
        return .schema(endpoints: catalogue.endpoints.count, models: catalogue.models.count)
    }
}
