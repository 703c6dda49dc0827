import Foundation

/// The suites the speed and memory rows of issue 41 run on: the 250 real countries as one case to
/// mutate, and suites of many small cases, so that a run's peak memory is read at two sizes.
extension Corpus {
    /// Writes one `countries.all` case over the whole countries file, or its first `limit`
    /// countries, to mutate.
    func writeCountriesMutationSuite(limit: Int? = nil) throws {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        guard FileManager.default.fileExists(atPath: countriesFile.path) else {
            throw BenchError("the countries data set \"\(countriesFile.path)\" does not exist")
        }
        var data = try Data(contentsOf: countriesFile)
        var count = 250
        if let limit {
            guard let all = try JSONSerialization.jsonObject(with: data) as? [Any] else {
                throw BenchError("the countries data set \"\(countriesFile.path)\" is not an array")
            }
            count = min(limit, all.count)
            data = try JSONSerialization.data(withJSONObject: Array(all.prefix(count)))
        }
        try data.write(to: fixtures.appendingPathComponent("all.json"))
        try Self.contract(
            endpoint: "countries.all",
            cases: [
                #"{"name": "all countries", "response": {"fixture": "all.json"}, "expect": {"decodes": true, "count": \#(count)}}"#
            ]
        ).write(to: contracts.appendingPathComponent("all.json"))
    }

    /// Writes `count` `dogpatch.getDogs` cases, 100 a contract, over one page of two dogs: for
    /// `verify`, a decode, a 404 and a network error in turn; for `mutate`, the decode case alone
    /// (71 mutants each).
    func writeSmallCases(count: Int, forMutate: Bool) throws {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        var generator = BenchRandom(seed: 17)
        try Data(Self.dogPage(page: 0, count: 2, using: &generator).utf8).write(
            to: fixtures.appendingPathComponent("dogs.json"))
        let kinds = [
            #""response": {"fixture": "dogs.json"}, "expect": {"decodes": true, "count": 2}"#,
            #""response": {"status": 404}, "expect": {"error": "responseUnsuccessful", "status": 404}"#,
            #""response": {"networkError": "notConnectedToInternet"}, "expect": {"error": "responseUnsuccessful"}"#,
        ]
        for start in stride(from: 0, to: count, by: 100) {
            let cases = (start..<min(start + 100, count)).map {
                #"{"name": "case \#($0)", \#(kinds[forMutate ? 0 : $0 % kinds.count])}"#
            }
            try Self.contract(endpoint: "dogpatch.getDogs", cases: cases).write(
                to: contracts.appendingPathComponent("cases-\(start / 100).json"))
        }
    }
}

/// The rows of issue 41: `mutate` of the 250 countries against the bare decoder on the same mutant
/// bodies, and the peak memory of `verify` and `mutate` as the suite grows.
struct ScaleRows {
    let tool: String
    let bench: String
    let work: URL
    let dataFile: URL

    /// Measures and prints the rows, each with its target, `met` or `MISSED`.
    func run() throws {
        let countries = Corpus(
            root: work.appendingPathComponent("mutate-countries"), dogPages: 0, dogsPerPage: 0, countriesFile: dataFile)
        try countries.writeCountriesMutationSuite()
        let (anchor, mutate) = try Progress.step("mutate of 250 countries and the bare decoder on its mutants") {
            try mutateAgainstDecoder(countries)
        }
        let ratio = anchor.seconds / mutate.run.seconds
        print("\nmutate of the 250 real countries (one case, \(mutate.mutants) mutants) against its anchor, best of 3")
        print(
            String(
                format: "  bare JSONDecoder, 1 thread, on the %d mutant bodies   %7.3f s  %6.1f MB",
                mutate.bodies, anchor.seconds, anchor.peakMemoryMB))
        print(
            String(
                format: "  mutate (--jobs every core)                          %7.3f s  %6.1f MB", mutate.run.seconds,
                mutate.run.peakMemoryMB))
        print(
            verdict(String(format: "mutate at least 0.5x the bare decoder on its mutants (%.2fx)", ratio), ratio >= 0.5)
        )
        print(
            verdict(
                String(format: "mutate of 250 countries at most 100 MB (%.1f MB)", mutate.run.peakMemoryMB),
                mutate.run.peakMemoryMB <= 100))
        try mutantFilesRows(full: mutate.written)

        print("\npeak memory as the suite grows (one run each)")
        let verifySmall = try peak("verify", cases: 2_000, forMutate: false)
        let verifyLarge = try peak("verify", cases: 40_000, forMutate: false)
        // The mutants one case of the page has, learnt from a run of one.
        let perCase = DogPatchBench.caseCount(inSummaryOf: try peak("mutate", cases: 1, forMutate: true).output)
        guard perCase > 0 else { throw BenchError("mutate of one case ran no mutant") }
        let mutateSmall = try peak("mutate", cases: (20_000 + perCase - 1) / perCase, forMutate: true)
        let mutateLarge = try peak("mutate", cases: (400_000 + perCase - 1) / perCase, forMutate: true)
        for (name, small, large) in [
            ("verify, 2,000 vs 40,000 cases", verifySmall, verifyLarge),
            ("mutate, 20,000 vs 400,000 mutants", mutateSmall, mutateLarge),
        ] {
            print(
                String(
                    format: "  %-36@ %6.1f MB  %6.1f MB  growth %+.1f MB (%.2fx)", name as NSString,
                    small.peakMemoryMB, large.peakMemoryMB, large.peakMemoryMB - small.peakMemoryMB,
                    large.peakMemoryMB / small.peakMemoryMB))
        }
        print(
            verdict(
                String(format: "verify of 40,000 cases at most 100 MB (%.1f MB)", verifyLarge.peakMemoryMB),
                verifyLarge.peakMemoryMB <= 100))
        print(
            verdict(
                String(format: "mutate of 400,000 mutants at most 100 MB (%.1f MB)", mutateLarge.peakMemoryMB),
                mutateLarge.peakMemoryMB <= 100))
    }

    /// `mutate --mutants` (every 2xx body kept and written) on the first 125 countries and on
    /// all 250: its peak memory and how it grows with the bodies it writes.
    private func mutantFilesRows(full: Measurement) throws {
        let half = Corpus(
            root: work.appendingPathComponent("mutate-countries-half"), dogPages: 0, dogsPerPage: 0,
            countriesFile: dataFile)
        try half.writeCountriesMutationSuite(limit: 125)
        let small = try Progress.step("mutate --mutants of 125 countries") {
            try ChildProcess.measure(tool, ["mutate", "--quiet", "--mutants", "mutants"], in: half.root)
        }
        guard small.status == 0 else { throw BenchError("mutate --mutants failed: \(small.output.suffix(300))") }
        try? FileManager.default.removeItem(at: half.root)
        print(
            String(
                format: "  mutate --mutants, 125 vs 250 countries    %6.1f MB  %6.1f MB  growth %+.1f MB (%.2fx)",
                small.peakMemoryMB, full.peakMemoryMB, full.peakMemoryMB - small.peakMemoryMB,
                full.peakMemoryMB / small.peakMemoryMB))
        print(
            verdict(
                String(format: "mutate --mutants of 250 countries at most 100 MB (%.1f MB)", full.peakMemoryMB),
                full.peakMemoryMB <= 100))
    }

    private func verdict(_ text: String, _ met: Bool) -> String {
        "\(met ? "met   " : "MISSED") \(text)"
    }

    /// The mutant bodies written once by `mutate --mutants`, then the bare decoder on them and
    /// `mutate` in turn, best of three each.
    private func mutateAgainstDecoder(_ suite: Corpus) throws -> (
        anchor: Measurement, (run: Measurement, mutants: Int, bodies: Int, written: Measurement)
    ) {
        let bodies = suite.root.appendingPathComponent("mutants/countries/all")
        let written = try ChildProcess.measure(
            tool, ["mutate", "--quiet", "--mutants", "mutants/countries/all"], in: suite.root)
        guard written.status == 0 else { throw BenchError("mutate --mutants failed: \(written.output.suffix(300))") }
        try FileManager.default.removeItem(at: bodies.appendingPathComponent("index.json"))
        let count = try FileManager.default.contentsOfDirectory(atPath: bodies.path).count
        var anchors: [Measurement] = []
        var runs: [Measurement] = []
        for _ in 0..<3 {
            anchors.append(
                try ChildProcess.measure(
                    bench, ["baseline", suite.root.appendingPathComponent("mutants").path], in: suite.root))
            runs.append(try ChildProcess.measure(tool, ["mutate"], in: suite.root))
        }
        let best = Benchmark.best(runs)
        let mutants = DogPatchBench.caseCount(inSummaryOf: best.output)
        guard best.status == 0, mutants > 0 else { throw BenchError("mutate did not pass: \(best.output.suffix(300))") }
        return (Benchmark.best(anchors), (best, mutants, count, written))
    }

    /// One run of `verify` or `mutate` over a suite of small cases, which must pass.
    private func peak(_ command: String, cases: Int, forMutate: Bool) throws -> Measurement {
        let suite = Corpus(
            root: work.appendingPathComponent("\(command)-\(cases)"), dogPages: 0, dogsPerPage: 2,
            countriesFile: dataFile)
        try suite.writeSmallCases(count: cases, forMutate: forMutate)
        let run = try Progress.step("\(command) of \(cases) cases") {
            try ChildProcess.measure(tool, [command, "--quiet"], in: suite.root)
        }
        guard run.status == 0 else {
            throw BenchError("\(command) of \(cases) cases failed: \(run.output.suffix(300))")
        }
        let counted = DogPatchBench.caseCount(inSummaryOf: run.output)
        print(
            String(
                format: "  %@ of %d cases (%d results)  %7.3f s  %6.1f MB", command, cases, counted, run.seconds,
                run.peakMemoryMB))
        try? FileManager.default.removeItem(at: suite.root)
        return run
    }
}
