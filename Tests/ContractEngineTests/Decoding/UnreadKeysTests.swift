import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

@Suite("ignored keys")
struct UnreadKeysTests {
    private func ignored(_ json: String, _ model: ModelDescriptor = .countries, cache: KeyReadCache = KeyReadCache())
        -> [String]
    {
        let body = Data(json.utf8)
        return UnreadKeys.find(in: body, scan: BodyScan(body), model: model, cache: cache).map(\.path)
    }

    @Test("the keys of a dictionary collapse to *, so a key its values lack is one line")
    func dictionaries() {
        let json =
            #"[{"currencies": {"EUR": {"name": "euro", "code": "EUR"}}}, {"currencies": {"USD": {"name": "dollar", "code": "USD"}}}]"#
        #expect(ignored(json) == ["[*].currencies.*.code"])
    }

    @Test("keys under an ignored key are not listed again")
    func outermostOnly() {
        #expect(ignored(#"[{"name": {"common": "Peru"}, "extra": {"a": 1, "b": {"c": 2}}}]"#) == ["[*].extra"])
    }

    @Test("a model that reads every key leaves nothing, and a single object has paths without [*]")
    func noneAndSingle() {
        #expect(ignored(#"[{"name": {"common": "Peru"}, "area": 1.5}]"#).isEmpty)
        #expect(ignored(#"{"cca3": "PER", "postalCodeFormat": "NNNNN"}"#, .country) == ["postalCodeFormat"])
    }

    @Test("an escaped key is compared as the decoder reads it")
    func escapedKey() {
        #expect(ignored(#"[{"c\u0063a3": "PER", "\u0067ender": "x"}]"#) == ["[*].gender"])
    }

    @Test("keys of a dictionary that first occur in different records are one path, read or not")
    func dictionaryKeysAcrossRecords() {
        let json =
            #"[{"cca3": "A"}, {"gini": {"2019": 1.5}}, {"gini": {"2018": 2.5}}, {"gini": {"2017": 3.5}, "extra": 1}, {"currencies": {"EUR": {"name": "e"}}}, {"currencies": {"USD": {"name": "d", "code": "USD"}}}]"#
        #expect(ignored(json) == ["[*].extra", "[*].currencies.*.code"])
    }

    @Test("a key written escaped in one record and plain in another is one key, counted once per occurrence")
    func escapedAndPlain() {
        let body = Data(
            #"[{"cca3": "PER", "gender": "f"}, {"c\u0063a3": "CHL", "\u0067ender": "m"}, {"gender": "x"}]"#.utf8)
        let found = UnreadKeys.find(in: body, scan: BodyScan(body), model: .countries)
        #expect(found.map(\.path) == ["[*].gender"])
        #expect(found.map(\.occurrences) == [3])
    }

    @Test("the answer is the same with a warm cache as with a cold one, whatever came first")
    func cacheAgrees() {
        let cache = KeyReadCache()
        let first =
            #"[{"name": {"common": "A"}, "flags": {"png": "a", "emoji": "x"}}, {"currencies": {"EUR": {"name": "e"}}}]"#
        let second =
            #"[{"currencies": {"JPY": {"name": "yen", "fraction": 100}}}, {"flags": {"emoji": "y"}, "gini": {"2019": 30.1}}]"#
        #expect(ignored(first, cache: cache) == ["[*].flags.emoji"])
        #expect(ignored(second, cache: cache) == ignored(second))
        #expect(ignored(second, cache: cache) == ["[*].currencies.*.fraction", "[*].flags.emoji"])
    }

    @Test("each key is placed at its first occurrence")
    func positions() {
        let body = Data("[\n  {\"name\": {}},\n  {\"name\": {}, \"extra\": 1}\n]".utf8)
        let found = UnreadKeys.find(in: body, scan: BodyScan(body), model: .countries)
        #expect(found == [UnreadKey(path: "[*].extra", position: SourcePosition(line: 3, column: 16), occurrences: 1)])
    }

    @Test(
        "bodies of one shape get their own positions and counts, and a shape is worked out again once the model learns more"
    )
    func sameShape() {
        let cache = KeyReadCache()
        func find(_ json: String) -> [UnreadKey] {
            let body = Data(json.utf8)
            return UnreadKeys.find(in: body, scan: BodyScan(body), model: .countries, cache: cache)
        }
        let first = find(#"[{"cca3": "AAA", "gender": "f"}, {"cca3": "BBB", "gender": "m"}]"#)
        #expect(first.map(\.path) == ["[*].gender"])
        #expect(first.map(\.occurrences) == [2])
        #expect(first.map(\.position.column) == [18])
        // The same shape, laid out otherwise: the answer comes from the shape, the places from this body.
        let second = find("[\n  {\"cca3\": \"CCC\",\n   \"gender\": \"f\"}]")
        #expect(second.map(\.path) == ["[*].gender"])
        #expect(second.map(\.occurrences) == [1])
        #expect(second.map { [$0.position.line, $0.position.column] } == [[3, 4]])
        // A new key teaches the model something; the known shape still gives its own answer.
        #expect(
            find(#"[{"cca3": "DDD", "gender": "f", "colour": "red"}]"#).map(\.path) == ["[*].gender", "[*].colour"])
        #expect(find(#"[{"cca3": "EEE", "gender": "m"}]"#).map(\.path) == ["[*].gender"])
    }
}
