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
        // A secret stated `true` stands for a value of the model's kind there: a string, else a
        // number, a boolean, an object or an array, as the model takes it.
        var stand = [JSONValue.string(""), .number("0"), .bool(true), .object([]), .array([])]
        var secrets: Set<String> = []
        var (root, data) = (self.root, self.data)
        func substitute(_ value: JSONValue) {
            root = JSONNode(Self.standingIn(self.root, path: "", value: value, paths: &secrets), at: self.root.position)
            data = Data(root.value.jsonText.utf8)
        }
        if Self.holdsPresenceSecret(self.root.value) { substitute(stand.removeFirst()) }
        var decoded = FixtureDecoder.decode(data, as: model, tree: root)
        while case .failure(let problem) = decoded, secrets.contains(problem.path), !stand.isEmpty {
            substitute(stand.removeFirst())
            decoded = FixtureDecoder.decode(data, as: model, tree: root)
        }
        if case .failure(let problem) = decoded {
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

    /// Whether a body holds a member whose name looks secret stated `true` (any value).
    static func holdsPresenceSecret(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            members.contains { member in
                (Redaction.looksSecret(member.key) && member.value.value == .bool(true))
                    || holdsPresenceSecret(member.value.value)
            }
        case .array(let elements): elements.contains { holdsPresenceSecret($0.value) }
        default: false
        }
    }

    /// A body with `value` in place of every secret stated `true`, positions kept; `paths`
    /// collects where.
    private static func standingIn(_ node: JSONNode, path: String, value: JSONValue, paths: inout Set<String>)
        -> JSONValue
    {
        switch node.value {
        case .object(let members):
            return .object(
                members.map { member in
                    var member = member
                    let child = CodingPath.appending(.key(member.key), to: path)
                    if Redaction.looksSecret(member.key), member.value.value == .bool(true) {
                        member.value.value = value
                        paths.insert(child)
                    } else {
                        member.value.value = standingIn(member.value, path: child, value: value, paths: &paths)
                    }
                    return member
                })
        case .array(let elements):
            return .array(
                elements.enumerated().map { index, element in
                    var element = element
                    element.value = standingIn(
                        element, path: CodingPath.appending(.index(index), to: path), value: value, paths: &paths)
                    return element
                })
        default:
            return node.value
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
