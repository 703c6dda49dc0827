import DogPatchClients
import Foundation

extension Explanation {
    /// Reads a body file the user named (a file anywhere, or a pipe such as `/dev/stdin`), with
    /// the fixture size limit, and explains it.
    /// - Parameters:
    ///   - url: The file, from the current folder.
    ///   - display: How messages name it.
    ///   - fixtures: The fixtures folder, to tell a fixture from a file outside it.
    ///   - model: The model to decode into.
    ///   - status: The HTTP status the body comes with.
    /// - Returns: The explanation, or why the file cannot be read or the body is refused before
    ///   decoding.
    package static func explain(
        file url: URL, display: String, fixtures: FixtureLocator, model: ModelDescriptor, status: Int
    ) -> Result<Explanation, Diagnostic> {
        BodyFile.read(url, display: display, fixtures: fixtures).flatMap { body in
            explain(body.data, file: display, model: model, status: status).map { explanation in
                var explanation = explanation
                explanation.fixturePath = body.fixturePath
                return explanation
            }
        }
    }
}
