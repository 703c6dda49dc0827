import Foundation

/// `dogpatch-bench`: generates the corpus, runs each measurement in a child process, prints figures.
///
/// Usage: dogpatch-bench [--pages N] [--replay-cases N] [--data FILE] [--work DIR]
///        dogpatch-bench baseline FIXTURES [THREADS]   (the bare baseline, run as a child by the benchmark)
///        dogpatch-bench stubloop BODY COUNT WORKERS   (the raw stub loop, the replay anchor)
///        dogpatch-bench child COMMAND ...   (starts and measures one command)
///        dogpatch-bench corpus DIR [--pages N] [--data FILE]   (writes the suites, small, and measures nothing)
///        dogpatch-bench scale [--data FILE] [--work DIR]   (only the rows of mutate's anchor and memory growth)
@main
enum DogPatchBench {
    static func main() {
        do {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "child" {
                try ChildProcess.runChild(Array(arguments.dropFirst()))
                return
            }
            if arguments.first == "corpus" {
                try CorpusMode.run(Array(arguments.dropFirst()))
                return
            }
            if arguments.first == "baseline", arguments.count == 2 || arguments.count == 3 {
                let threads = arguments.count == 3 ? try count(arguments[2], for: "baseline THREADS") : 1
                let count = try Baseline.run(fixtures: URL(fileURLWithPath: arguments[1]), threads: threads)
                print("decoded \(count) values")
                return
            }
            if arguments.first == "stubloop", arguments.count == 4 {
                let body = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
                let decoded = StubLoop.run(
                    body: body, count: try count(arguments[2], for: "stubloop COUNT"),
                    workers: try count(arguments[3], for: "stubloop WORKERS"))
                print("decoded \(decoded) dogs")
                return
            }
            if arguments.first == "scale" {
                let options = Array(arguments.dropFirst())
                func value(_ flag: String, _ fallback: String) -> String {
                    options.firstIndex(of: flag).flatMap { options.indices.contains($0 + 1) ? options[$0 + 1] : nil }
                        ?? fallback
                }
                let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                try ScaleRows(
                    tool: binaries.appendingPathComponent("dogpatch-contracts").path,
                    bench: binaries.appendingPathComponent("dogpatch-bench").path,
                    work: URL(
                        fileURLWithPath: value(
                            "--work",
                            FileManager.default.temporaryDirectory.appendingPathComponent("dogpatch-bench").path)),
                    dataFile: URL(fileURLWithPath: value("--data", "Fixtures/countries/restcountries-v3.1.json"))
                ).run()
                return
            }
            var pages = 700
            var replayCases = 3000
            var data = "Fixtures/countries/restcountries-v3.1.json"
            var work = FileManager.default.temporaryDirectory.appendingPathComponent("dogpatch-bench").path
            while !arguments.isEmpty {
                let flag = arguments.removeFirst()
                guard let value = arguments.first else { throw BenchError("\(flag) needs a value") }
                arguments.removeFirst()
                switch flag {
                case "--pages": pages = try count(value, for: flag)
                case "--replay-cases": replayCases = try count(value, for: flag)
                case "--data": data = value
                case "--work": work = value
                default: throw BenchError("unknown option \(flag)")
                }
            }
            try Benchmark(
                pages: pages, replayCases: replayCases, dataFile: URL(fileURLWithPath: data),
                work: URL(fileURLWithPath: work)
            ).run()
        } catch {
            FileHandle.standardError.write(Data("dogpatch-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The cases a text report counted: the sum of its last line, `N passed, N failed, N errors, N skipped`.
    static func caseCount(inSummaryOf output: String) -> Int {
        let summary = output.split(separator: "\n").last { $0.contains(" passed, ") } ?? ""
        return summary.split(separator: ",").compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }.reduce(
            0, +)
    }

    /// A positive count given to an option; anything else is an error, never a silent default.
    private static func count(_ text: String, for flag: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw BenchError("\(flag) needs a positive whole number, not \"\(text)\"")
        }
        return value
    }
}

struct Benchmark {
    let pages: Int
    let replayCases: Int
    let dataFile: URL
    let work: URL

    private var binaries: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent() }
    private var tool: String { binaries.appendingPathComponent("dogpatch-contracts").path }

    func run() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("dogpatch-contracts benchmark: \(cores) cores, release build")

        let corpus = Corpus(
            root: work.appendingPathComponent("corpus"), dogPages: pages, dogsPerPage: 100, countriesFile: dataFile)
        let (bytes, cases) = try Progress.step("writing the corpus (\(pages) dog pages of 100)") { try corpus.write() }
        let megabytes = Double(bytes) / 1_048_576
        print(
            String(
                format:
                    "corpus: %.1f MB of fixtures, %d cases (%d dog pages of 100, 250 single countries, 10 copies of the whole countries file)\n",
                megabytes,
                cases, pages))

        // Runs alternate, each decoder run just before the tool's run it is set against, so a noisy
        // neighbour slows each of them alike; the best of five is kept for each.
        let bench = binaries.appendingPathComponent("dogpatch-bench").path
        var baselineRuns: [Measurement] = []
        var singleRuns: [Measurement] = []
        var bareParallelRuns: [Measurement] = []
        var parallelRuns: [Measurement] = []
        try Progress.step("bare decoder and verify --no-replay (--jobs 1 and \(cores)), 5 rounds in turn") {
            for _ in 0..<5 {
                baselineRuns.append(
                    try ChildProcess.measure(bench, ["baseline", corpus.fixtures.path], in: corpus.root))
                singleRuns.append(try verify(corpus.root, ["--no-replay", "--jobs", "1"], cases: cases, runs: 1))
                bareParallelRuns.append(
                    try ChildProcess.measure(bench, ["baseline", corpus.fixtures.path, "\(cores)"], in: corpus.root))
                parallelRuns.append(
                    try verify(corpus.root, ["--no-replay", "--jobs", "\(cores)"], cases: cases, runs: 1))
            }
        }
        let baseline = Self.best(baselineRuns)
        let single = Self.best(singleRuns)
        let parallel = Self.best(parallelRuns)
        let bareParallel = Self.best(bareParallelRuns)

        let half = Corpus(
            root: work.appendingPathComponent("corpus-half"), dogPages: pages / 2, dogsPerPage: 100,
            countriesFile: dataFile)
        let (halfBytes, halfCases, halfRun) = try Progress.step("verify --no-replay of half the corpus") {
            let (halfBytes, halfCases) = try half.write()
            return (
                halfBytes, halfCases, try verify(half.root, ["--no-replay", "--jobs", "\(cores)"], cases: halfCases)
            )
        }

        let replay = Corpus(
            root: work.appendingPathComponent("replay"), dogPages: 0, dogsPerPage: 10, countriesFile: dataFile)
        let replayed = try Progress.step("replay of \(replayCases) getDogs cases") {
            try replay.writeReplaySuite(count: replayCases)
            return try verify(replay.root, ["--jobs", "\(cores)"], cases: replayCases)
        }

        let ownSuite = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let startup = try Progress.step("verify of the repository's suite") {
            try best(of: 5) { try ChildProcess.measure(tool, ["verify"], in: ownSuite) }
        }

        // Mutation testing: one real record, one page of 100 dogs, and the repository's suite.
        let franceSuite = Corpus(
            root: work.appendingPathComponent("mutate-france"), dogPages: 0, dogsPerPage: 0, countriesFile: dataFile)
        try franceSuite.writeMutationSuite(
            france: ownSuite.appendingPathComponent("Fixtures/countries/name-france.json"))
        let dogSuite = Corpus(
            root: work.appendingPathComponent("mutate-dogs"), dogPages: 0, dogsPerPage: 100, countriesFile: dataFile)
        try dogSuite.writeMutationSuite(france: nil)
        let mutateFrance = try Progress.step("mutate the France record") { try mutate(franceSuite.root) }
        let mutateDogs = try Progress.step("mutate a page of 100 dogs") { try mutate(dogSuite.root) }
        let mutateOwn = try Progress.step("mutate the repository's suite") { try mutate(ownSuite) }

        // The exports of the 250-country suite.
        let exportSuite = Corpus(
            root: work.appendingPathComponent("export"), dogPages: 0, dogsPerPage: 0, countriesFile: dataFile)
        let exportCases = try exportSuite.writeExportSuite()
        let pact = try Progress.step("export pact of a 250-country suite") {
            try export(exportSuite.root, ["pact", "--out", "pacts"])
        }
        let openAPI = try Progress.step("export openapi of a 250-country suite") {
            try export(exportSuite.root, ["openapi", "--out", "openapi.json"])
        }

        // One entry taken from a browser session's archive of about 100 MB.
        let capture = CaptureArchive(root: work.appendingPathComponent("capture"), megabytes: 100)
        let (archiveBytes, taken) = try Progress.step("add --har, one entry of a 100 MB archive") {
            let archiveBytes = try capture.write()
            let taken = try best(of: 3) {
                try ChildProcess.measure(
                    tool, ["add", "--har", "session.har", "--contract", "contracts/peru.json", "--dry-run"],
                    in: capture.root)
            }
            return (archiveBytes, taken)
        }
        // The case count comes from the run's own summary line, so the row stays true as the suite grows.
        let ownCases = DogPatchBench.caseCount(inSummaryOf: startup.output)

        func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + padding : padding + text
        }
        func row(_ name: String, _ m: Measurement, mb: Double, cases: Int, ratio: Bool = true) -> String {
            var line =
                pad(name, 38, left: true)
                + pad(String(format: "%.3f s", m.seconds), 10)
                + pad(mb > 0 ? String(format: "%.1f MB/s", mb / m.seconds) : "-", 12)
                + pad(String(format: "%.0f cases/s", Double(cases) / m.seconds), 16)
                + pad(String(format: "%.1f MB", m.peakMemoryMB), 10)
            if ratio { line += pad(String(format: "%.2fx", baseline.seconds / m.seconds), 10) }
            return line
        }
        print(
            pad("measurement (best of 3 or 5)", 38, left: true) + pad("wall", 10) + pad("throughput", 12)
                + pad("rate", 16)
                + pad("peak RSS", 10) + pad("vs base", 10))
        print(row("bare baseline (JSONDecoder only)", baseline, mb: megabytes, cases: cases, ratio: false))
        print(row("verify --no-replay --jobs 1", single, mb: megabytes, cases: cases))
        print(row("verify --no-replay --jobs \(cores)", parallel, mb: megabytes, cases: cases))
        print(
            row(
                String(format: "  same, half the corpus (%.0f MB)", Double(halfBytes) / 1_048_576), halfRun,
                mb: Double(halfBytes) / 1_048_576,
                cases: halfCases, ratio: false))
        print(row("replay \(replayCases) getDogs cases", replayed, mb: 0, cases: replayCases, ratio: false))
        print(row("verify of the repository's suite", startup, mb: 0, cases: ownCases, ratio: false))
        print(
            row("mutate the France record", mutateFrance.run, mb: 0, cases: mutateFrance.mutants, ratio: false)
                + "  (mutants/s)")
        print(
            row("mutate a page of 100 dogs", mutateDogs.run, mb: 0, cases: mutateDogs.mutants, ratio: false)
                + "  (mutants/s)")
        print(
            row("mutate the repository's suite", mutateOwn.run, mb: 0, cases: mutateOwn.mutants, ratio: false)
                + "  (mutants/s)")
        print(row("export pact, 250-country suite", pact, mb: 0, cases: exportCases, ratio: false))
        print(row("export openapi, 250-country suite", openAPI, mb: 0, cases: exportCases, ratio: false))
        let archiveMB = Double(archiveBytes) / 1_048_576
        print(
            row(
                String(format: "add --har, 1 entry of a %.0f MB archive", archiveMB), taken, mb: archiveMB, cases: 1,
                ratio: false)
                + String(format: "  (%.1fx the archive)", taken.peakMemoryMB / archiveMB))
        print("")
        let targets: [(String, Bool)] = [
            (
                String(format: "--jobs 1 at least 0.9x the baseline (%.2fx)", baseline.seconds / single.seconds),
                baseline.seconds / single.seconds >= 0.9
            ),
            (
                String(
                    format: "--jobs %d at least 1.6x the baseline (%.2fx)", cores, baseline.seconds / parallel.seconds),
                baseline.seconds / parallel.seconds >= 1.6
            ),
            (
                String(format: "replay at least 3000 cases/s (%.0f)", Double(replayCases) / replayed.seconds),
                Double(replayCases) / replayed.seconds >= 3000
            ),
            (
                String(format: "peak memory at most 150 MB (%.1f MB)", max(single.peakMemoryMB, parallel.peakMemoryMB)),
                max(single.peakMemoryMB, parallel.peakMemoryMB) <= 150
            ),
            (
                String(
                    format: "peak memory not growing with the corpus (%.1f MB for half, %.1f MB for all)",
                    halfRun.peakMemoryMB, parallel.peakMemoryMB),
                parallel.peakMemoryMB <= halfRun.peakMemoryMB * 1.25 + 5
            ),
            (
                String(
                    format: "verify of the own suite (%d cases) passes, under 0.3 s (%.3f s)", ownCases, startup.seconds
                ),
                startup.status == 0 && startup.seconds < 0.3
            ),
            (
                String(
                    format: "mutate of the own suite (%d mutants) passes, under 5 s (%.3f s)", mutateOwn.mutants,
                    mutateOwn.run.seconds),
                mutateOwn.run.status == 0 && mutateOwn.run.seconds < 5
            ),
            (
                String(
                    format:
                        "add --har takes 1 entry of %.0f MB in under 5 s (%.2f s), peak memory at most 4x the archive (%.1fx)",
                    archiveMB, taken.seconds, taken.peakMemoryMB / archiveMB),
                taken.status == 0 && taken.seconds < 5 && taken.peakMemoryMB <= 4 * archiveMB
            ),
        ]
        for (text, met) in targets {
            print("\(met ? "met   " : "MISSED") \(text)")
        }
        for (name, m) in [
            ("verify --jobs 1", single), ("verify parallel", parallel), ("replay", replayed),
            ("verify of the own suite", startup),
        ]
        where m.status != 0 {
            print("warning: \(name) exited \(m.status)")
        }
        try Progress.step("anchors: bare decoder, raw stub loop and replay, 5 rounds in turn") {
            try anchors(
                corpus: corpus, cases: cases, decoded: [(baseline, single), (bareParallel, parallel)], cores: cores)
        }
        try ScaleRows(tool: tool, bench: bench, work: work, dataFile: dataFile).run()
    }

    /// Each tool figure against an anchor measured in the same run, without the tool's code: the
    /// bare decoder on one thread and on every core, and a raw stub loop for replay.
    /// - Parameter decoded: The bare decoder on one thread and on every core, each with the
    ///   decode-only run it was measured in turn with above.
    private func anchors(corpus: Corpus, cases: Int, decoded: [(bare: Measurement, tool: Measurement)], cores: Int)
        throws
    {
        let bench = binaries.appendingPathComponent("dogpatch-bench").path
        let oneContract = Corpus(
            root: work.appendingPathComponent("replay-one"), dogPages: 0, dogsPerPage: 3, countriesFile: dataFile)
        let pages = try oneContract.writeReplayPages(count: replayCases, perContract: replayCases)
        let manyContracts = Corpus(
            root: work.appendingPathComponent("replay-many"), dogPages: 0, dogsPerPage: 3, countriesFile: dataFile)
        try manyContracts.writeReplayPages(count: replayCases, perContract: 1)
        let body = pages.appendingPathComponent("page-0.json").path
        var runs: [String: [Measurement]] = [:]
        // Alternating, best of five, as above.
        for _ in 0..<5 {
            runs["bare tiny", default: []].append(
                try ChildProcess.measure(
                    bench, ["baseline", oneContract.fixtures.path, "\(cores)"], in: oneContract.root))
            runs["stub loop", default: []].append(
                try ChildProcess.measure(bench, ["stubloop", body, "\(replayCases)", "\(cores)"], in: oneContract.root))
            for (name, suite) in [("one", oneContract), ("many", manyContracts)] {
                runs["replay \(name)", default: []].append(
                    try verify(suite.root, ["--jobs", "\(cores)"], cases: replayCases, runs: 1))
                runs["decode \(name)", default: []].append(
                    try verify(suite.root, ["--no-replay", "--jobs", "\(cores)"], cases: replayCases, runs: 1))
            }
        }
        let fastest = runs.mapValues(Self.best)
        func seconds(_ key: String) -> Double { fastest[key]?.seconds ?? .infinity }
        let rows: [(String, Double, Double, Double)] = [
            ("decode-only --jobs 1 vs bare decoder, 1 thread", decoded[0].bare.seconds, decoded[0].tool.seconds, 0.95),
            (
                "decode-only --jobs \(cores) vs bare decoder, \(cores) threads", decoded[1].bare.seconds,
                decoded[1].tool.seconds, 0.95
            ),
            (
                "\(replayCases) tiny fixtures decode-only vs bare, \(cores) threads", seconds("bare tiny"),
                seconds("decode one"), 0.7
            ),
            (
                "replay alone, 1 contract of \(replayCases) vs raw stub loop", seconds("stub loop"),
                seconds("replay one") - seconds("decode one"), 0.8
            ),
            (
                "replay alone, \(replayCases) contracts of 1 vs raw stub loop", seconds("stub loop"),
                seconds("replay many") - seconds("decode many"), 0.8
            ),
        ]
        print(
            String(
                format: "\nanchors (best of 5, same run)%@anchor      tool    ratio   target",
                String(repeating: " ", count: 27)))
        for (name, anchor, tool, target) in rows {
            let ratio = anchor / tool
            print(
                name.padding(toLength: 56, withPad: " ", startingAt: 0)
                    + String(
                        format: "%7.3f s %7.3f s  %6.3fx  >= %.2fx  %@", anchor, tool, ratio, target,
                        ratio >= target ? "met" : "MISSED"))
        }
        print(
            String(
                format:
                    "raw stub loop: %.0f requests/s; replay alone: %.0f cases/s (one contract), %.0f cases/s (one case a contract)",
                Double(replayCases) / seconds("stub loop"),
                Double(replayCases) / (seconds("replay one") - seconds("decode one")),
                Double(replayCases) / (seconds("replay many") - seconds("decode many"))))
    }

    /// The fastest of several runs, with the highest peak memory among them.
    static func best(_ all: [Measurement]) -> Measurement {
        let fastest = all.min { $0.seconds < $1.seconds } ?? all[0]
        let peak = all.map(\.peakMemoryMB).max() ?? fastest.peakMemoryMB
        return Measurement(seconds: fastest.seconds, peakMemoryMB: peak, status: fastest.status, output: fastest.output)
    }

    /// Times `export ARGUMENTS` in a suite, which must succeed.
    private func export(_ folder: URL, _ arguments: [String]) throws -> Measurement {
        let measurement = try best(of: 3) { try ChildProcess.measure(tool, ["export"] + arguments, in: folder) }
        guard measurement.status == 0 else {
            throw BenchError(
                "export \(arguments.joined(separator: " ")) in \(folder.path) failed: \(measurement.output.suffix(300))"
            )
        }
        return measurement
    }

    private func best(of runs: Int = 3, _ measure: () throws -> Measurement) throws -> Measurement {
        Self.best(try (0..<runs).map { _ in try measure() })
    }

    /// `mutate` in a suite, best of three, with the number of mutants its summary counts.
    private func mutate(_ folder: URL) throws -> (run: Measurement, mutants: Int) {
        let measurement = try best(of: 3) { try ChildProcess.measure(tool, ["mutate"], in: folder) }
        let mutants = DogPatchBench.caseCount(inSummaryOf: measurement.output)
        guard measurement.status == 0, mutants > 0 else {
            throw BenchError("mutate in \(folder.path) did not pass: \(measurement.output.suffix(300))")
        }
        return (measurement, mutants)
    }

    private func verify(_ folder: URL, _ arguments: [String], cases: Int, runs: Int = 3) throws -> Measurement {
        let measurement = try best(of: runs) { try ChildProcess.measure(tool, ["verify"] + arguments, in: folder) }
        guard measurement.output.contains("\(cases) passed") else {
            throw BenchError(
                "verify \(arguments.joined(separator: " ")) in \(folder.path) did not pass every case: \(measurement.output.suffix(300))"
            )
        }
        return measurement
    }
}
