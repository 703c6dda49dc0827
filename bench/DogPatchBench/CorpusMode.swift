import Foundation

/// `dogpatch-bench corpus DIR [--pages N] [--data FILE]`: writes the benchmark's suites, small,
/// without measuring anything, for tools that run `dogpatch-contracts` on them
/// (`scripts/compare-output.sh` compares two builds' output on them).
///
/// Each suite is a folder of DIR: `corpus` (N dog pages of 100, default 3, the 250 countries one a
/// file and 10 copies of the whole file), `export` (the 250-country export suite), `capture` (a
/// 1 MB browser archive with the peru contract), `replay` (30 replayed getDogs cases) and
/// `mutate-dogs` (one page of 3 dogs to mutate). The dog pages are seeded, the same every time; a
/// country written on its own keeps its keys in the order JSONSerialization gives, which may differ
/// from one run to the next, so a comparison writes the corpus once and gives it to both sides.
enum CorpusMode {
    static func run(_ arguments: [String]) throws {
        var arguments = arguments
        guard let folder = arguments.first, !folder.hasPrefix("-") else {
            throw BenchError("corpus needs a folder: dogpatch-bench corpus DIR [--pages N] [--data FILE]")
        }
        arguments.removeFirst()
        var pages = 3
        var data = "Fixtures/countries/restcountries-v3.1.json"
        while !arguments.isEmpty {
            let flag = arguments.removeFirst()
            guard let value = arguments.first else { throw BenchError("\(flag) needs a value") }
            arguments.removeFirst()
            switch flag {
            case "--pages":
                guard let count = Int(value), count > 0 else {
                    throw BenchError("--pages needs a positive whole number, not \"\(value)\"")
                }
                pages = count
            case "--data": data = value
            default: throw BenchError("unknown option \(flag) for corpus")
            }
        }
        let root = URL(fileURLWithPath: folder)
        let dataFile = URL(fileURLWithPath: data)
        func suite(_ name: String, dogPages: Int = 0, dogsPerPage: Int = 0) -> Corpus {
            Corpus(
                root: root.appendingPathComponent(name), dogPages: dogPages, dogsPerPage: dogsPerPage,
                countriesFile: dataFile)
        }

        let (bytes, cases) = try suite("corpus", dogPages: pages, dogsPerPage: 100).write()
        print("corpus: \(cases) cases, \(bytes) bytes of fixtures (\(pages) dog pages of 100)")
        let exportCases = try suite("export").writeExportSuite()
        print("export: \(exportCases) cases")
        let capture = CaptureArchive(root: root.appendingPathComponent("capture"), megabytes: 1)
        print("capture: session.har of \(try capture.write()) bytes")
        try suite("replay", dogsPerPage: 10).writeReplaySuite(count: 30)
        print("replay: 30 cases")
        try suite("mutate-dogs", dogsPerPage: 3).writeMutationSuite(france: nil)
        print("mutate-dogs: 1 case")
    }
}
