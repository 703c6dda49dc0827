import DogPatchClients
import Foundation

/// The bare baseline: read each fixture and decode it with the API's own JSONDecoder into its
/// model, with nothing else, on one thread or on several (each with its own decoder, the files
/// dealt out in turn).
enum Baseline {
    static func run(fixtures: URL, threads: Int = 1) throws -> Int {
        let folders: [(String, @Sendable (Data) throws -> Int)] = [
            ("dogs", { try DogPatchAPI.makeDecoder().decode([Dog].self, from: $0).count }),
            (
                "countries/one",
                {
                    _ = try RestCountriesAPI.makeDecoder().decode(Country.self, from: $0)
                    return 1
                }
            ),
            ("countries/all", { try RestCountriesAPI.makeDecoder().decode([Country].self, from: $0).count }),
        ]
        var work: [(URL, @Sendable (Data) throws -> Int)] = []
        for (folder, decode) in folders {
            let url = fixtures.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            work += names.sorted().map { (url.appendingPathComponent($0), decode) }
        }
        let total = Tally()
        let jobs = work
        DispatchQueue.concurrentPerform(iterations: max(1, threads)) { thread in
            var decoded = 0
            for index in stride(from: thread, to: jobs.count, by: max(1, threads)) {
                decoded += (try? jobs[index].1(Data(contentsOf: jobs[index].0))) ?? 0
            }
            total.add(decoded)
        }
        return total.value
    }
}

/// A sum several threads add to.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0

    func add(_ count: Int) { lock.withLock { sum += count } }
    var value: Int { lock.withLock { sum } }
}
