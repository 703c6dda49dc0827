import DogPatchClients
import Foundation
import Testing

/// The real restcountries data set, kept in the repository under `Fixtures/countries/`.
enum RealDataSet {
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/countries/restcountries-v3.1.json")

    static func records() throws -> [[String: Any]] {
        let data = try Data(contentsOf: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// A record as the live API sends it: empty strings, arrays, objects and nulls left out.
    static func wireForm(_ value: Any) -> Any? {
        switch value {
        case let object as [String: Any]:
            let kept = object.compactMapValues(wireForm)
            return kept.isEmpty ? nil : kept
        case let array as [Any]:
            let kept = array.compactMap(wireForm)
            return kept.isEmpty ? nil : kept
        case let string as String:
            return string.isEmpty ? nil : string
        case is NSNull:
            return nil
        default:
            return value
        }
    }
}

@Suite("Country model")
struct CountryModelTests {
    @Test("decodes every record of the real data set")
    func realDataSet() throws {
        let data = try Data(contentsOf: RealDataSet.url)
        let countries = try RestCountriesAPI.makeDecoder().decode([Country].self, from: data)
        #expect(countries.count == 250)
        let monaco = try #require(countries.first { $0.cca3 == "MCO" })
        #expect(monaco.area == 2.02)
        let france = try #require(countries.first { $0.cca3 == "FRA" })
        #expect(france.currencies?["EUR"]?.name == "euro")
        #expect(france.flags?.alt?.isEmpty == false)
        #expect(france.gini?["2018"] == 32.4)
        #expect(france.demonyms?["eng"]?.f == "French")
        #expect(countries.first { $0.cca3 == "ATA" }?.capital == [])
    }

    @Test("loses no field of any real record")
    func noDataLost() throws {
        let records = try RealDataSet.records()
        let decoder = RestCountriesAPI.makeDecoder()
        let encoder = RestCountriesAPI.makeEncoder()
        for record in records {
            let original = try JSONSerialization.data(withJSONObject: record)
            let country = try decoder.decode(Country.self, from: original)
            let reencoded = try #require(
                try JSONSerialization.jsonObject(with: encoder.encode(country)) as? [String: Any])
            // Nulls have no Swift value to keep; every other leaf must survive the round trip.
            let expected = RealDataSet.wireForm(record) as? NSDictionary
            #expect(RealDataSet.wireForm(reencoded) as? NSDictionary == expected, "\(country.cca3 ?? "?") lost data")
        }
    }

    @Test("decodes the wire form without empty and null fields")
    func wireForm() throws {
        let records = try RealDataSet.records()
        let wire = records.compactMap(RealDataSet.wireForm)
        let data = try JSONSerialization.data(withJSONObject: wire)
        let countries = try RestCountriesAPI.makeDecoder().decode([Country].self, from: data)
        #expect(countries.count == 250)
        #expect(countries.first { $0.cca3 == "ATA" }?.capital == nil)
    }

    @Test("a record holding only the requested fields decodes")
    func partialRecord() throws {
        let countries = try RestCountriesAPI.makeDecoder().decode(
            [Country].self, from: body(#"[{"name": {"common": "Freedonia"}, "capital": ["Marxville"]}]"#)
        )
        #expect(countries.first?.name?.common == "Freedonia")
        #expect(countries.first?.population == nil)
    }

    @Test("currencies and translations survive a round trip keyed by code")
    func roundTrip() throws {
        var france = Country()
        france.name = .init(
            common: "France", official: "French Republic",
            nativeName: ["fra": .init(official: "République française", common: "France")])
        france.currencies = ["EUR": .init(name: "euro", symbol: "€")]
        france.translations = [
            "deu": .init(official: "Französische Republik", common: "Frankreich"),
            "jpn": .init(official: "フランス共和国", common: "フランス"),
        ]
        let encoded = try RestCountriesAPI.makeEncoder().encode(france)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let currencies = try #require(object["currencies"] as? [String: [String: String]])
        #expect(currencies["EUR"] == ["name": "euro", "symbol": "€"])
        let translations = try #require(object["translations"] as? [String: [String: String]])
        #expect(translations["jpn"]?["common"] == "フランス")
        #expect(try RestCountriesAPI.makeDecoder().decode(Country.self, from: encoded) == france)
    }
}

/// A dictionary whose keys read as numbers (`gini`'s years) is still a dictionary in the paths the
/// client's errors carry; an array's index stays an index.
@Suite("paths through numeric dictionary keys")
struct NumericKeyPathTests {
    @Test("JSONDecoder's failure under a year key is named with *, under an array element with its index")
    func yearKey() throws {
        let json = #"[{"name": {"common": "X"}, "gini": {"2019": "high"}}]"#
        do {
            _ = try JSONDecoder().decode([Country].self, from: Data(json.utf8))
            Issue.record("the body decoded")
        } catch let error as DecodingError {
            #expect(DecodingFailure(error).path == "[0].gini.*")
        }
    }
}
