import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// Issue 38, items 13 and 14: the exports carry each numeric type's range, a URL rule that reads
/// a newline, and a UUID schema a trailing newline cannot pass.
@Suite("numbers, URLs and UUIDs in the exports")
struct NumberRangeExportTests {
    static func shape(_ model: String) throws -> [ModelShape.Field] {
        guard case .array(.object(let fields)) = ModelShape.learn(try #require(Catalogue.standard.model(named: model)))
        else { return [] }
        return fields
    }

    static func schema(_ model: String, _ key: String) throws -> JSONValue {
        let field = try #require(try shape(model).first { $0.key == key })
        return OpenAPIExport.schema(field.shape, acceptsNull: field.acceptsNull)
    }

    @Test("JSON Schema bounds an Int, a Double and a Decimal by their Swift ranges")
    func schemaRanges() throws {
        let population = try Self.schema("[Country]", "population").jsonText
        #expect(population.contains(#""minimum":-9223372036854775808"#), "\(population)")
        #expect(population.contains(#""maximum":9223372036854775807"#))
        let rating = try Self.schema("[Dog]", "breederRating").jsonText
        #expect(rating.contains(#""maximum":1.7976931348623157e308"#), "\(rating)")
        let cost = try Self.schema("[Dog]", "cost").jsonText
        #expect(cost.contains(#""exclusiveMaximum":1e128"#) && cost.contains(#""exclusiveMinimum":-1e128"#), "\(cost)")
    }

    /// Python's `$` also matches before a final newline; UUID(uuidString:) refuses the newline
    /// and, reading a C string, takes anything after a NUL.
    @Test(
        "a UUID's schema ends at the text's end, not at Python's $: a trailing newline fails, what follows a NUL passes"
    )
    func uuidEnd() throws {
        let id = try Self.schema("[Dog]", "id").jsonText
        #expect(id.contains(#""minLength":36"#), "\(id)")
        let pattern = try NSRegularExpression(pattern: ModelShape.uuidSchemaPattern)
        func matches(_ text: String) -> Bool {
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        let uuid = "3F1E2D4C-5B6A-4978-8A1B-2C3D4E5F6A01"
        for (text, decodes) in [
            (uuid, true), (uuid.lowercased(), true), (uuid + "\n", false), (uuid + "\u{0}", true),
            (uuid + "\u{0}rest\n", true), (uuid + "\u{1}", false), (" " + uuid, false),
        ] {
            let json = try JSONEncoder().encode([text])
            let decoded = (try? JSONDecoder().decode([UUID].self, from: json)) != nil
            #expect(decoded == decodes, "\(text.debugDescription)")
            #expect(matches(text) == decodes, "\(text.debugDescription)")
        }
    }
}
