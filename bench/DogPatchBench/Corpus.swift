import ContractEngine
import DogPatchClients
import Foundation

/// Writes the benchmark corpus: dog pages, single countries and copies of the whole countries file,
/// with contracts that cover every fixture.
struct Corpus {
    let root: URL
    let dogPages: Int
    let dogsPerPage: Int
    let countriesFile: URL

    var contracts: URL { root.appendingPathComponent("contracts") }
    var fixtures: URL { root.appendingPathComponent("Fixtures") }

    /// Writes the corpus and returns its fixture bytes and case count.
    func write() throws -> (bytes: Int, cases: Int) {
        try? FileManager.default.removeItem(at: root)
        for folder in ["contracts", "Fixtures/dogs", "Fixtures/countries/one", "Fixtures/countries/all"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var bytes = 0
        var cases = 0
        var generator = BenchRandom(seed: 42)

        // Dog pages, 100 pages a contract.
        for start in stride(from: 0, to: dogPages, by: 100) {
            var entries: [String] = []
            for page in start..<min(start + 100, dogPages) {
                let data = Data(Self.dogPage(page: page, count: dogsPerPage, using: &generator).utf8)
                try data.write(to: fixtures.appendingPathComponent("dogs/page-\(page).json"))
                bytes += data.count
                entries.append(
                    #"{"name": "page \#(page)", "response": {"fixture": "dogs/page-\#(page).json"}, "expect": {"decodes": true, "count": \#(dogsPerPage)}}"#
                )
            }
            cases += entries.count
            try Self.contract(endpoint: "dogpatch.getDogs", cases: entries).write(
                to: contracts.appendingPathComponent("dogs-\(start / 100).json"))
        }

        // Countries: one a file, then ten copies of the whole file.
        let whole = try countriesData()
        let records = try JSONSerialization.jsonObject(with: whole) as? [Any] ?? []
        var singles: [String] = []
        for (index, record) in records.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: record)
            try data.write(to: fixtures.appendingPathComponent("countries/one/\(index).json"))
            bytes += data.count
            singles.append(
                #"{"name": "country \#(index)", "response": {"fixture": "countries/one/\#(index).json"}, "expect": {"decodes": true}}"#
            )
        }
        cases += singles.count
        try Self.contract(model: "Country", cases: singles).write(
            to: contracts.appendingPathComponent("countries-one.json"))
        var copies: [String] = []
        for copy in 0..<10 {
            try whole.write(to: fixtures.appendingPathComponent("countries/all/copy-\(copy).json"))
            bytes += whole.count
            copies.append(
                #"{"name": "copy \#(copy)", "response": {"fixture": "countries/all/copy-\#(copy).json"}, "expect": {"decodes": true, "count": \#(records.count)}}"#
            )
        }
        cases += copies.count
        try Self.contract(endpoint: "countries.all", cases: copies).write(
            to: contracts.appendingPathComponent("countries-all.json"))
        return (bytes, cases)
    }

    /// Writes the 250-country suite the exports are timed on: every country of the data file as a
    /// `countries.byName` case of its own (each its own provider state), and the whole file as a
    /// `countries.all` case.
    /// - Returns: The number of cases.
    func writeExportSuite() throws -> Int {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(
            at: fixtures.appendingPathComponent("countries"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        let whole = try countriesData()
        try whole.write(to: fixtures.appendingPathComponent("countries/all.json"))
        let records = try JSONSerialization.jsonObject(with: whole) as? [Any] ?? []
        var singles: [String] = []
        for (index, record) in records.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: [record])
            try data.write(to: fixtures.appendingPathComponent("countries/\(index).json"))
            singles.append(
                #"{"name": "country \#(index)", "response": {"fixture": "countries/\#(index).json"}, "expect": {"decodes": true, "count": 1}}"#
            )
        }
        try Self.contract(endpoint: "countries.byName", cases: singles)
            .replacingArguments(#""arguments": {"name": "peru"}, "#)
            .write(to: contracts.appendingPathComponent("by-name.json"))
        try Self.contract(
            endpoint: "countries.all",
            cases: [
                #"{"name": "all countries", "response": {"fixture": "countries/all.json"}, "expect": {"decodes": true, "count": \#(records.count)}}"#
            ]
        ).write(to: contracts.appendingPathComponent("all.json"))
        return records.count + 1
    }

    /// Writes a suite of one case to mutate: the France record from the repository's fixtures
    /// (`countries.byName`), or a page of `dogsPerPage` generated dogs (`dogpatch.getDogs`).
    func writeMutationSuite(france: URL?) throws {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let contract: Data
        if let france {
            try Data(contentsOf: france).write(to: fixtures.appendingPathComponent("body.json"))
            contract = Self.contract(
                endpoint: "countries.byName",
                cases: [
                    #"{"name": "france", "response": {"fixture": "body.json"}, "expect": {"decodes": true, "count": 1}}"#
                ]
            )
            .replacingArguments(#""arguments": {"name": "france"}, "#)
        } else {
            var generator = BenchRandom(seed: 11)
            try Data(Self.dogPage(page: 0, count: dogsPerPage, using: &generator).utf8).write(
                to: fixtures.appendingPathComponent("body.json"))
            contract = Self.contract(
                endpoint: "dogpatch.getDogs",
                cases: [
                    #"{"name": "page", "response": {"fixture": "body.json"}, "expect": {"decodes": true, "count": \#(dogsPerPage)}}"#
                ])
        }
        try contract.write(to: contracts.appendingPathComponent("mutate.json"))
    }

    /// Writes a suite of `count` replayed `dogpatch.getDogs` cases over one small page.
    func writeReplaySuite(count: Int) throws {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        var generator = BenchRandom(seed: 7)
        try Data(Self.dogPage(page: 0, count: dogsPerPage, using: &generator).utf8).write(
            to: fixtures.appendingPathComponent("page.json"))
        let kinds = [
            #""response": {"fixture": "page.json"}, "expect": {"decodes": true, "count": \#(dogsPerPage)}"#,
            #""response": {"status": 404}, "expect": {"error": "responseUnsuccessful", "status": 404}"#,
            #""response": {"networkError": "notConnectedToInternet"}, "expect": {"error": "responseUnsuccessful"}"#,
        ]
        let cases = (0..<count).map { #"{"name": "case \#($0)", \#(kinds[$0 % kinds.count])}"# }
        try Self.contract(endpoint: "dogpatch.getDogs", cases: cases).write(
            to: contracts.appendingPathComponent("replay.json"))
    }

    /// Writes `count` replayed `dogpatch.getDogs` cases, each over its own page of `dogsPerPage`
    /// dogs, `perContract` cases a contract: the suites the replay anchors compare with.
    /// - Returns: The folder of pages, for the bare baseline over the same files.
    @discardableResult
    func writeReplayPages(count: Int, perContract: Int) throws -> URL {
        try? FileManager.default.removeItem(at: root)
        let pages = fixtures.appendingPathComponent("dogs")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        var generator = BenchRandom(seed: 13)
        var cases: [String] = []
        for index in 0..<count {
            try Data(Self.dogPage(page: index, count: dogsPerPage, using: &generator).utf8).write(
                to: pages.appendingPathComponent("page-\(index).json"))
            cases.append(
                #"{"name": "page \#(index)", "response": {"fixture": "dogs/page-\#(index).json"}, "expect": {"decodes": true, "count": \#(dogsPerPage)}}"#
            )
            if cases.count == perContract || index == count - 1 {
                try Self.contract(endpoint: "dogpatch.getDogs", cases: cases).write(
                    to: contracts.appendingPathComponent("pages-\(index).json"))
                cases.removeAll()
            }
        }
        return pages
    }

    private func countriesData() throws -> Data {
        guard FileManager.default.fileExists(atPath: countriesFile.path) else {
            throw BenchError(
                "the countries data set \"\(countriesFile.path)\" does not exist; run from the package root or pass --data FILE"
            )
        }
        return try Data(contentsOf: countriesFile)
    }

    static func contract(endpoint: String? = nil, model: String? = nil, cases: [String]) -> Data {
        var header = "{"
        if let endpoint {
            header += #""endpoint": "\#(endpoint)", "#
            header += #""responseQueue": "private", "#
        }
        if let model { header += #""model": "\#(model)", "# }
        return Data((header + "\"cases\": [\n" + cases.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    static func dogPage(page: Int, count: Int, using generator: inout BenchRandom) -> String {
        let breeds = ["Corgi", "Beagle", "Whippet", "Poodle", "Dachshund", "Border Collie", "Pug", "Akita"]
        let dogs = (0..<count).map { index -> String in
            let id = generator.uuid()
            let seller = generator.uuid()
            let cost = Double(generator.next() % 400_000) / 100
            return """
                {"id": "\(id)", "sellerID": "\(seller)", "about": "Dog \(index) of page \(page): friendly, house-trained, likes long walks.", \
                "breed": "\(breeds[index % breeds.count])", "name": "Dog \(page)-\(index)", "birthday": \(600_000_000 + generator.next() % 100_000_000), \
                "created": \(700_000_000 + generator.next() % 10_000_000), "breederRating": \(Double(generator.next() % 50) / 10), \
                "cost": \(cost), "imageURL": "https://images.dogpatch.test/\(page)/\(index).jpg", "gender": "\(index % 2 == 0 ? "female" : "male")"}
                """
        }
        return "[\n" + dogs.joined(separator: ",\n") + "\n]\n"
    }
}

extension Data {
    /// A contract's bytes with text inserted after its opening brace.
    func replacingArguments(_ text: String) -> Data {
        guard let first = first, first == UInt8(ascii: "{") else { return self }
        return Data([first]) + Data(text.utf8) + dropFirst()
    }
}

/// The corpus's random numbers: the tool's own seeded generator, with what the corpus draws from it.
typealias BenchRandom = SplitMix64

extension SplitMix64 {
    mutating func uuid() -> String {
        let a = next()
        let b = next()
        let hex = String(format: "%016llX%016llX", a, b)
        let chars = Array(hex)
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-4" + String(chars[13..<16]) + "-8"
            + String(chars[17..<20]) + "-" + String(chars[20..<32])
    }
}
