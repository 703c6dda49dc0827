import ContractCatalogue
import Foundation

/// Derives the mutants of one passing case and builds each one's response.
struct MutantMaker: Sendable {
    /// Arrays longer than this are mutated in their first element only.
    static let largeArray = 16

    /// The case's body, parsed.
    let root: JSONNode
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
        self.root = root
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

    /// The response and body a mutant serves.
    func apply(_ mutation: Mutation) -> (response: ResponseSpec, body: Data) {
        let headers: [String: String] = if case .http(_, let headers, _) = response.kind { headers } else { [:] }
        func http(_ status: Int, _ body: Data, headers: [String: String] = headers) -> (ResponseSpec, Data) {
            (
                ResponseSpec(
                    kind: .http(status: status, headers: headers, body: .none), delayMs: 0, position: response.position),
                body
            )
        }
        switch mutation {
        case .key(let path, let change):
            return http(200, Data(transform(root, at: "", target: path, change: change).value.jsonText.utf8))
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
            return (
                ResponseSpec(kind: .networkError(code: code, name: name), delayMs: 0, position: response.position),
                Data()
            )
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
