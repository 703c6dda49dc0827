import ContractCatalogue
import Foundation

/// The JSON body a contract's request states, read and parsed: what the endpoint's request model
/// judges and what replay compares the client's body with. Positions are those of the file that
/// holds it: the contract for an inline `body`, the fixture for a `bodyFixture`.
struct StatedRequestBody: Sendable {
    /// The body, with the positions of the file that holds it.
    let root: JSONNode
    /// The body's bytes, as the request model decodes them.
    let data: Data
    /// The file that holds it, as reports name it.
    let file: String

    /// The body a request states, read from its fixture when it has one.
    /// - Parameters:
    ///   - body: What the contract's request says.
    ///   - fixtures: Where fixtures live.
    ///   - contractFile: The contract, as reports name it.
    /// - Returns: The body, or why its fixture cannot be read or parsed.
    static func load(_ body: RequestExpectation.Body, fixtures: FixtureLocator, contractFile: String) -> Result<
        StatedRequestBody, Diagnostic
    > {
        switch body {
        case .inline(let node):
            return .success(StatedRequestBody(root: node, data: Data(node.value.jsonText.utf8), file: contractFile))
        case .fixture(let path, let file, let position):
            let display = fixtures.displayName(path)
            let data: Data
            switch FixtureStore.load(path: file, display: display, listedRegular: fixtures.isListedRegular(file)) {
            case .success(let read): data = read
            case .failure(let diagnostic) where diagnostic.position == nil:
                var message = diagnostic.message
                if !FileManager.default.fileExists(atPath: file), let hint = fixtures.hint(for: path) {
                    message += "; " + hint
                }
                return .failure(Diagnostic(.error, message, file: contractFile, position: position))
            case .failure(let diagnostic): return .failure(diagnostic)
            }
            do {
                let root = try JSONParser.parse(BodyEncoding.utf8(data))
                return .success(StatedRequestBody(root: root, data: data, file: display))
            } catch {
                return .failure(
                    Diagnostic(
                        .error, "request body: invalid JSON: \(error.message)", file: display, position: error.position)
                )
            }
        }
    }

    /// The body judged by the endpoint's request model: a key the model would not write (its
    /// decoding never reads it), a required field left out, a value of the wrong type, each at
    /// its position.
    /// - Parameter model: The model of the body the client sends.
    /// - Returns: One error per problem.
    func judged(by model: ModelDescriptor) -> [Diagnostic] {
        if case .failure(let problem) = FixtureDecoder.decode(data, as: model, tree: root) {
            return [
                Diagnostic(
                    .error, "\(Self.named(problem.path)): \(problem.reason)", file: file,
                    position: problem.position ?? root.position, path: problem.path)
            ]
        }
        guard let log = UnreadKeys.keysRead(in: root, model: model) else { return [] }
        var unwritten: [(path: String, position: SourcePosition)] = []
        Self.collectUnread(root, path: "", log: log, into: &unwritten)
        return unwritten.map { key in
            Diagnostic(
                .error,
                "\(Self.named(key.path)): the \(model.name) model never writes this key (its decoding never reads it)",
                file: file, position: key.position, path: key.path)
        }
    }

    /// The keys under a node the model never reads, outermost only, each path once.
    private static func collectUnread(
        _ node: JSONNode, path: String, log: KeyReadLog, into found: inout [(path: String, position: SourcePosition)]
    ) {
        switch node.value {
        case .object(let members):
            let isDictionary = log.dictionaries.contains(path)
            for member in members {
                let child = CollapsedPath.appending(isDictionary ? .anyKey : .key(member.key), to: path)
                if log.paths.contains(child) {
                    collectUnread(member.value, path: child, log: log, into: &found)
                } else if !found.contains(where: { $0.path == child }) {
                    found.append((child, member.keyPosition))
                }
            }
        case .array(let elements):
            for element in elements {
                collectUnread(element, path: CollapsedPath.appending(.anyElement, to: path), log: log, into: &found)
            }
        default:
            break
        }
    }

    /// `request body .title`, `request body[0]`, or `request body` for the whole.
    static func named(_ path: String) -> String {
        if path.isEmpty { return "request body" }
        return path.hasPrefix("[") ? "request body\(path)" : "request body .\(path)"
    }
}
