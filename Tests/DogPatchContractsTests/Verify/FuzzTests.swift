import ContractEngine
import ContractTestSupport
import Foundation
import Testing

/// Mutates valid contracts and fixtures (byte flips, truncations, deletions, duplications) with a
/// fixed seed and checks the tool always ends with 0, 1 or 2, explaining every failure and error.
///
/// `DOGPATCH_FUZZ_MUTANTS` and `DOGPATCH_FUZZ_SEED` run it longer or differently; see `scripts/fuzz.sh`.
@Suite("fuzzing")
struct FuzzTests {
    static let mutantCount = ProcessInfo.processInfo.environment["DOGPATCH_FUZZ_MUTANTS"].flatMap(Int.init) ?? 120
    static let seed = ProcessInfo.processInfo.environment["DOGPATCH_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_122
    static let batchSize = 40

    static func contract(fixture: String) -> String {
        """
        {
          "endpoint": "dogpatch.getDogs",
          "request": { "method": "GET", "path": "/api/v1/dogs", "query": {} },
          "responseQueue": "main",
          "cases": [
            { "name": "two dogs", "response": { "fixture": "\(fixture)" },
              "expect": { "decodes": true, "count": 2, "values": { "[1].name": "Olive" } } },
            { "name": "not found", "response": { "status": 404, "body": "{}" },
              "expect": { "error": "responseUnsuccessful", "status": 404 } },
            { "name": "offline", "response": { "networkError": "timedOut" }, "expect": { "error": "responseUnsuccessful" } }
          ]
        }
        """
    }

    static func mutate(_ data: Data, using generator: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            case 1:
                bytes.removeSubrange(index...)
            case 2:
                bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...16, using: &generator)))
            default:
                let run = Array(bytes[index..<min(bytes.count, index + Int.random(in: 1...32, using: &generator))])
                bytes.insert(contentsOf: run, at: Int.random(in: 0...bytes.count, using: &generator))
            }
        }
        return Data(bytes)
    }

    @Test(
        "mutated contracts and fixtures never crash, hang or fail without a diagnostic",
        .timeLimit(.minutes(10)), arguments: Array(stride(from: 0, to: mutantCount, by: batchSize)))
    func mutantBatch(startingAt start: Int) throws {
        var generator = SplitMix64(seed: Self.seed &+ UInt64(start))
        let folder = try SuiteFolder()
        for index in start..<min(start + Self.batchSize, Self.mutantCount) {
            var contract = Data(Self.contract(fixture: "m\(index).json").utf8)
            var fixture = Data(SampleSuite.dogs.utf8)
            if Bool.random(using: &generator) {
                contract = Self.mutate(contract, using: &generator)
            } else {
                fixture = Self.mutate(fixture, using: &generator)
            }
            try folder.write("contracts/m\(index).json", contract)
            try folder.write("Fixtures/m\(index).json", fixture)
        }
        let run = try folder.run(["verify", "--format", "json", "--timeout", "2"])
        #expect(
            [0, 1, 2].contains(run.status),
            "seed \(Self.seed), batch \(start): status \(run.status)\n\(run.stderr.prefix(2000))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results where ["failed", "error"].contains(result["status"] as? String) {
            let diagnostics = result["diagnostics"] as? [[String: Any]] ?? []
            #expect(!diagnostics.isEmpty, "seed \(Self.seed), batch \(start): \(result) has no diagnostic")
        }
        if run.status != 0 {
            #expect(!run.stderr.isEmpty)
        }
    }
}
