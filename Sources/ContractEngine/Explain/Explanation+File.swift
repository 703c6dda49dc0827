import ContractCatalogue
import Foundation

extension Explanation {
    /// Reads a body file the user named (a file anywhere, or a pipe such as `/dev/stdin`), with
    /// the fixture size limit, and explains it.
    /// - Parameters:
    ///   - file: The file as the user named it, from the current folder.
    ///   - location: Where the suite is.
    ///   - fixtures: The fixtures folder the user named, if any, to tell a fixture from a file
    ///     outside it.
    ///   - model: The model to decode into.
    ///   - status: The HTTP status the body comes with.
    ///   - api: The API the body comes from, whose folder a body outside the fixtures folder is
    ///     suggested for (`countries/peru.json`); `nil` for the folder itself.
    ///   - endpoint: The endpoint whose outcome rules and errors the outcome is named by, if one was named.
    ///   - catalogue: The catalogue, whose suite at the location names a key the body lacks as
    ///     its bodies spell it; `nil` to name it from the body alone.
    /// - Returns: The explanation, or why the file cannot be read or the body is refused before
    ///   decoding.
    package static func explain(
        file: String, in location: SuiteLocation, fixtures: String?, model: ModelDescriptor, status: Int,
        api: String? = nil, endpoint: Endpoint? = nil, catalogue: Catalogue? = nil
    ) -> Result<Explanation, Diagnostic> {
        let locator = location.fixtures(fixtures)
        let model =
            catalogue.map {
                SuiteSelection.Spelling(catalogue: $0, location: location, fixtures: fixtures).model(model)
            }
            ?? model
        return BodyFile.read(location.resolve(file), display: file, fixtures: locator).flatMap { body in
            explain(body.data, file: file, model: model, status: status, endpoint: endpoint).map { explanation in
                var explanation = explanation
                explanation.fixturePath = body.fixturePath
                if body.fixturePath == nil, !body.isStream {
                    let path = (api.map { $0 + "/" } ?? "") + body.url.lastPathComponent
                    explanation.suggested = (path, locator.displayName(path))
                }
                return explanation
            }
        }
    }
}
