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
    ///   - endpoint: The endpoint whose outcome rules and errors the outcome is named by, if one was named.
    /// - Returns: The explanation, or why the file cannot be read or the body is refused before
    ///   decoding.
    package static func explain(
        file: String, in location: SuiteLocation, fixtures: String?, model: ModelDescriptor, status: Int,
        endpoint: Endpoint? = nil
    ) -> Result<Explanation, Diagnostic> {
        BodyFile.read(location.resolve(file), display: file, fixtures: location.fixtures(fixtures)).flatMap { body in
            explain(body.data, file: file, model: model, status: status, endpoint: endpoint).map { explanation in
                var explanation = explanation
                explanation.fixturePath = body.fixturePath
                return explanation
            }
        }
    }
}
