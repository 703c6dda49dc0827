import Foundation

/// A case's body, and the file reports name when they point into it.
struct LoadedBody {
    /// The bytes as the client gets them.
    let data: Data
    /// The fixture (or the URL it came from), or `nil` for an inline body.
    let file: String?
    /// Whether keys the model never reads are looked for: in fixtures and inline bodies, which
    /// someone wrote down, not in a live answer, whose new keys the drift check reports.
    let checksUnreadKeys: Bool

    /// The body a response declares: none, inline, received, or read from its fixture.
    /// - Parameters:
    ///   - response: The case's response.
    ///   - fixtures: Where fixtures live.
    ///   - contractFile: The contract, which a problem without a position in the fixture names.
    /// - Returns: The body, or why its fixture cannot be read.
    static func load(_ response: ResponseSpec, fixtures: FixtureLocator, contractFile: String) -> Result<
        LoadedBody, Diagnostic
    > {
        guard case .http(_, _, let declared) = response.kind else {
            return .success(LoadedBody(data: Data(), file: nil, checksUnreadKeys: true))
        }
        switch declared {
        case .none:
            return .success(LoadedBody(data: Data(), file: nil, checksUnreadKeys: true))
        case .inline(let text):
            return .success(LoadedBody(data: Data(text.utf8), file: nil, checksUnreadKeys: true))
        case .received(let data, let source):
            return .success(LoadedBody(data: data, file: source, checksUnreadKeys: false))
        case .fixture(let path, let file, let position):
            let display = fixtures.displayName(path)
            return FixtureStore.load(path: file, display: display, listedRegular: fixtures.isListedRegular(file))
                .map { LoadedBody(data: $0, file: display, checksUnreadKeys: true) }
                .mapError { diagnostic in
                    guard diagnostic.position == nil else { return diagnostic }
                    var message = diagnostic.message
                    if !FileManager.default.fileExists(atPath: file), let hint = fixtures.hint(for: path) {
                        message += "; " + hint
                    }
                    return Diagnostic(.error, message, file: contractFile, position: position)
                }
        }
    }
}
