import ContractCatalogue
import Foundation
import Testing

/// A model that is only `Decodable` is compared by what it holds: two decodes of one body are
/// equal, and a value that differs anywhere is not, whatever order a dictionary keeps.
@Suite("a value of a model that is only Decodable")
struct DecodableComparisonTests {
    enum Kind: Decodable {
        case task
        case note(String)
    }

    final class Node: Decodable {
        let name: String
        let due: Date?
        let tags: Set<String>
        let counts: [String: Int]
        let kind: Kind
        let children: [Node]
        var parent: Node?

        enum CodingKeys: String, CodingKey { case name, due, tags, counts, kind, children }
    }

    static func node(_ json: String) throws -> Node {
        try JSONDecoder().decode(Node.self, from: Data(json.utf8))
    }

    static let body = """
        {"name": "home", "due": 10.5, "tags": ["a", "b", "c"], "counts": {"x": 1, "y": 2, "z": 3},
         "kind": {"note": {"_0": "milk"}}, "children": [{"name": "child", "tags": [], "counts": {}, "kind": {"task": {}}, "children": []}]}
        """

    @Test("two decodes of one body are equal; a change at any depth is not")
    func equalByWhatTheyHold() throws {
        let one = try Self.node(Self.body)
        let two = try Self.node(Self.body)
        #expect(DecodedValue(decoded: one).isEqual(to: DecodedValue(decoded: two)))
        for (from, to) in [
            (#""name": "child""#, #""name": "kid""#), (#""due": 10.5"#, #""due": 10.6"#),
            (#"["a", "b", "c"]"#, #"["a", "b"]"#), (#""z": 3"#, #""z": 4"#), (#""milk""#, #""oat""#),
            (#"{"task": {}}"#, #"{"note": {"_0": ""}}"#),
        ] {
            let other = try Self.node(Self.body.replacingOccurrences(of: from, with: to))
            #expect(!DecodedValue(decoded: one).isEqual(to: DecodedValue(decoded: other)), "\(to)")
        }
    }

    @Test("a class that holds itself is compared without walking forever")
    func holdsItself() throws {
        let one = try Self.node(Self.body)
        one.parent = one
        let two = try Self.node(Self.body)
        two.parent = two
        #expect(DecodedValue(decoded: one).isEqual(to: DecodedValue(decoded: two)))
        two.parent = nil
        #expect(!DecodedValue(decoded: one).isEqual(to: DecodedValue(decoded: two)))
    }
}
