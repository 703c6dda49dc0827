import ContractCatalogue
import Foundation

/// Derives the mutants of one passing case and builds each one's response.
struct MutantMaker: Sendable {
    /// Arrays longer than this are mutated in their first element only.
    static let largeArray = 16

    /// The case's body, parsed, each object's members in the order `jsonText` writes them: a
    /// mutant's tree is then the tree its text parses into, so the prediction explains a failure
    /// from it without parsing the mutant again.
    let root: JSONNode
    /// The text of a large top-level array's elements after the first, each led by a comma: a key
    /// mutant changes the first element only, so the rest of its text is the same for every one.
    private let unchangedTail: String?
    /// The case's body as the client got it.
    let body: Data
    /// The case's response.
    let response: ResponseSpec
    /// The objects the model reads as dictionaries, whose keys collapse to `*`.
    let dictionaries: Set<String>
    /// The key paths the model reads that the body has, in order of appearance, with their kinds.
    let keyPaths: [(path: String, kinds: Set<JSONKind>)]
    /// Whether the model is an array.
    let rootIsArray: Bool

    /// Reads a passing case's body; `nil` for one that is not JSON the model decodes.
    init?(body: Data, response: ResponseSpec, model: ModelDescriptor) {
        let text = BodyEncoding.utf8(body)
        guard let root = try? JSONParser.parse(text), let log = UnreadKeys.keysRead(in: root, model: model) else {
            return nil
        }
        let shape = BodyShape(root, dictionaries: log.dictionaries)
        self.root = Self.ordered(root)
        if case .array(let elements) = root.value, elements.count > Self.largeArray {
            unchangedTail = elements.dropFirst().reduce(into: "") { $0 += "," + $1.value.jsonText }
        } else {
            unchangedTail = nil
        }
        self.body = body
        self.response = response
        dictionaries = log.dictionaries
        keyPaths = shape.order.filter { shape.isKey($0) && log.paths.contains($0) }.map { ($0, shape.kinds[$0] ?? []) }
        if case .array = root.value { rootIsArray = true } else { rootIsArray = false }
    }

    /// Every mutant, in a stable order: keys, then the body, then the transport.
    var mutations: [Mutation] {
        var all: [Mutation] = []
        for (path, kinds) in keyPaths {
            all.append(.key(path: path, change: .removed))
            for kind in [JSONKind.null, .string, .number, .boolean, .object, .array] where !kinds.contains(kind) {
                all.append(.key(path: path, change: .set(kind)))
            }
        }
        all += [
            .body(.cutInHalf), .body(.empty), .body(rootIsArray ? .objectForArray : .arrayForObject), .body(.htmlPage),
        ]
        all += [401, 404, 429, 500, 503].map { .transport(.status($0)) }
        all += [
            .transport(.networkError(.timedOut, name: "timedOut")),
            .transport(.networkError(.notConnectedToInternet, name: "notConnectedToInternet")),
        ]
        return all
    }

    /// What a mutant serves: its response and body, and for a key mutant the body's tree (in
    /// text order, positions those of the case's body), so nothing parses the mutant again.
    struct Served: Sendable {
        let response: ResponseSpec
        let body: Data
        let tree: JSONNode?
        /// For a key mutant of a large array, whose other elements are the case's own: its first
        /// element alone, as an array of one, text and tree.
        var first: (body: Data, tree: JSONNode)?
    }

    /// The response and body a mutant serves.
    func apply(_ mutation: Mutation) -> Served {
        let headers: [String: String] = if case .http(_, let headers, _) = response.kind { headers } else { [:] }
        func http(_ status: Int, _ body: Data, headers: [String: String] = headers, tree: JSONNode? = nil) -> Served {
            Served(
                response: ResponseSpec(
                    kind: .http(status: status, headers: headers, body: .none), delayMs: 0, position: response.position),
                body: body, tree: tree
            )
        }
        switch mutation {
        case .key(let path, let change):
            let tree = transform(root, at: "", target: path, change: change)
            var served = http(200, text(of: tree), tree: tree)
            if unchangedTail != nil, case .array(let elements) = tree.value, let first = elements.first {
                let alone = JSONNode(.array([first]), at: tree.position)
                served.first = (Data(alone.value.jsonText.utf8), alone)
            }
            return served
        case .body(.cutInHalf):
            return http(200, body.prefix(body.count / 2))
        case .body(.empty):
            return http(200, Data())
        case .body(.objectForArray):
            return http(200, Data("{}".utf8))
        case .body(.arrayForObject):
            return http(200, Data("[]".utf8))
        case .body(.htmlPage):
            return http(200, Data(Mutation.htmlPage.utf8), headers: ["Content-Type": "text/html; charset=utf-8"])
        case .transport(.status(let status)):
            return http(status, body)
        case .transport(.networkError(let code, let name)):
            return Served(
                response: ResponseSpec(
                    kind: .networkError(code: code, name: name), delayMs: 0, position: response.position),
                body: Data(), tree: nil)
        }
    }

    /// A key mutant's text: `jsonText`, with a large array's unchanged elements written once per
    /// body rather than once per mutant.
    private func text(of tree: JSONNode) -> Data {
        guard let unchangedTail, case .array(let elements) = tree.value, let first = elements.first else {
            return Data(tree.value.jsonText.utf8)
        }
        let head = "[" + first.value.jsonText
        var data = Data(capacity: head.utf8.count + unchangedTail.utf8.count + 1)
        data.append(contentsOf: head.utf8)
        data.append(contentsOf: unchangedTail.utf8)
        data.append(UInt8(ascii: "]"))
        return data
    }

    /// The tree with every object's members in the order `jsonText` writes them.
    private static func ordered(_ node: JSONNode) -> JSONNode {
        switch node.value {
        case .object(let members):
            let sorted = JSONValue.sorted(members).map { member in
                JSONMember(key: member.key, keyPosition: member.keyPosition, value: ordered(member.value))
            }
            return JSONNode(.object(sorted), at: node.position)
        case .array(let elements):
            return JSONNode(.array(elements.map(ordered)), at: node.position)
        default:
            return node
        }
    }

    /// The tree with the change made wherever the collapsed path matches (in a large array's
    /// first element only).
    private func transform(_ node: JSONNode, at path: String, target: String, change: Mutation.KeyChange) -> JSONNode {
        switch node.value {
        case .object(let members):
            var changed: [JSONMember] = []
            for member in members {
                let child = CollapsedPath.appending(dictionaries.contains(path) ? .anyKey : .key(member.key), to: path)
                var member = member
                if child == target {
                    guard case .set(let kind) = change else { continue }
                    member.value = JSONNode(Mutation.sample(kind), at: member.value.position)
                } else {
                    member.value = transform(member.value, at: child, target: target, change: change)
                }
                changed.append(member)
            }
            return JSONNode(.object(changed), at: node.position)
        case .array(let elements):
            let child = CollapsedPath.appending(.anyElement, to: path)
            let reach = elements.count > Self.largeArray ? 1 : elements.count
            let changed = elements.enumerated().map { index, element in
                index < reach ? transform(element, at: child, target: target, change: change) : element
            }
            return JSONNode(.array(changed), at: node.position)
        default:
            return node
        }
    }
}
