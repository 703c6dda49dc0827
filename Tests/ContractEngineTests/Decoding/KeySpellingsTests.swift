import ContractCatalogue
import Foundation
import Testing

@testable import ContractEngine

/// `KeySpellings` on its own: a path in the body's keys found in a value its encoder wrote with
/// other keys, under `convertFromSnakeCase` and `convertToSnakeCase`.
@Suite("key spellings")
struct KeySpellingsTests {
    /// A shelf of books by genre: a dictionary, whose keys no strategy converts, and a key whose
    /// snake-case round trip is not the identity.
    struct Shelf: Codable, Equatable, Sendable {
        let bookCounts: [String: Int]
        let iso6391: String
    }

    static let model = ModelDescriptor(
        Shelf.self, name: "Shelf",
        makeDecoder: {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return decoder
        },
        makeEncoder: {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            return encoder
        })

    static let body = #"{"book_counts": {"sci_fi": 3, "Poetry": 1}, "iso_639_1": "en"}"#

    /// The body's spellings, and the decoded shelf as its encoder writes it.
    static func spellingsAndEncoding() throws -> (KeySpellings, JSONNode) {
        let tree = try JSONParser.parse(Data(body.utf8))
        let decoded = try #require(try? model.decode(Data(body.utf8)).get())
        return (KeySpellings(model: model, body: tree), try JSONParser.parse(BodyEncoding.utf8(decoded.encoded())))
    }

    @Test(
        "a path in the body's keys or the model's finds the value; only the model's is marked, with the body's path",
        arguments: [
            ("iso_639_1", "iso_639_1", false, #""en""#),
            ("iso6391", "iso_639_1", true, #""en""#),
            ("book_counts.sci_fi", "book_counts.sci_fi", false, "3"),
            ("bookCounts.Poetry", "book_counts.Poetry", true, "1"),
            ("book_counts.drama", "book_counts.drama", false, nil),
        ])
    func find(written: String, wire: String, asModel: Bool, value: String?) throws {
        let (spellings, encoded) = try Self.spellingsAndEncoding()
        let found = spellings.find(try #require(JSONPath(parsing: written)), in: encoded)
        #expect(found.wirePath.description == wire)
        #expect(found.spelledAsModel == asModel)
        #expect(found.node?.value.jsonText == value)
    }
}
