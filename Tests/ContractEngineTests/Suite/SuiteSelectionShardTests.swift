import Testing

@testable import ContractEngine

/// Issue 22, item 12: the shard a case falls in is a real hash of its identity (its path in its
/// suite and its name), so shards split evenly whatever the identities look like.
@Suite("shards of a selection")
struct SuiteSelectionShardTests {
    /// 1,000 identities as real suites spell them: a few contract folders, files named by endpoint
    /// and argument, cases named in words with numbers.
    static let realisticKeys: [String] = {
        let folders = ["contracts/countries", "contracts/dogpatch", "contracts/fixtures", "contracts"]
        let stems = ["by-name", "all-fields", "get-dogs", "by-name-full-text", "restcountries-all", "dog-detail"]
        let words = [
            "peru", "france", "unknown country", "offline", "server error", "two dogs", "empty page", "timeout",
            "teapot", "page",
        ]
        return (0..<1000).map { index in
            let contract = "\(folders[index % 4])/\(stems[(index / 4) % 6])-\(index / 24).json"
            return contract + "\u{0}" + words[index % 10] + (index % 3 == 0 ? "" : " \(index % 7)")
        }
    }()

    @Test("1,000 realistic identities split 2, 4 and 8 ways within 10% of even", arguments: [2, 4, 8])
    func evenSplit(count: Int) {
        var sizes = [Int](repeating: 0, count: count)
        for shard in SuiteSelection.shards(of: Self.realisticKeys, count: count) { sizes[shard] += 1 }
        let even = Double(Self.realisticKeys.count) / Double(count)
        for size in sizes {
            #expect(abs(Double(size) - even) <= even * 0.1, "sizes \(sizes)")
        }
        // A case's shard depends on the identities, not on the order the suite lists them in.
        let reversed = SuiteSelection.shards(of: Self.realisticKeys.reversed(), count: count)
        #expect(Array(reversed.reversed()) == SuiteSelection.shards(of: Self.realisticKeys, count: count))
    }

    @Test("keys whose bytes differ only in ways FNV-1a's low bit ignores still split in two, spread over the suite")
    func parityDoesNotDecide() {
        // Every byte even: FNV-1a's remainder by 2 was the same for all of these.
        let keys = (0..<200).map {
            "contracts/a.json\u{0}" + String(repeating: "b", count: $0 % 20) + String(repeating: "d", count: $0 / 20)
        }
        let shards = SuiteSelection.shards(of: keys, count: 2)
        #expect(shards.filter { $0 == 0 }.count == 100)
        // Not the first half and the second: each half of the list is split too.
        let firstHalf = shards.prefix(100).filter { $0 == 0 }.count
        #expect(firstHalf > 30 && firstHalf < 70, "\(firstHalf) of the first 100 in shard 1")
    }
}
