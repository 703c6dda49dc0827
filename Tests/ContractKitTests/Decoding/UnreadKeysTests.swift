import Foundation
import Testing
@testable import ContractEngine
import DogPatchClients

@Suite("ignored keys")
struct UnreadKeysTests {
    private func ignored(_ json: String, _ model: ModelDescriptor = .countries, cache: KeyReadCache = KeyReadCache()) -> [String] {
        let body = Data(json.utf8)
        return UnreadKeys.find(in: body, scan: BodyScan(body), model: model, cache: cache).map(\.path)
    }

    @Test("the keys of a dictionary collapse to *, so a key its values lack is one line")
    func dictionaries() {
        let json = #"[{"currencies": {"EUR": {"name": "euro", "code": "EUR"}}}, {"currencies": {"USD": {"name": "dollar", "code": "USD"}}}]"#
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

    @Test("the answer is the same with a warm cache as with a cold one, whatever came first")
    func cacheAgrees() {
        let cache = KeyReadCache()
        let first = #"[{"name": {"common": "A"}, "flags": {"png": "a", "emoji": "x"}}, {"currencies": {"EUR": {"name": "e"}}}]"#
        let second = #"[{"currencies": {"JPY": {"name": "yen", "fraction": 100}}}, {"flags": {"emoji": "y"}, "gini": {"2019": 30.1}}]"#
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
}
