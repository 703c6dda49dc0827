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

    @Test("a UUID's schema bounds its length, so Python's $ cannot let a trailing newline through")
    func uuidLength() throws {
        let id = try Self.schema("[Dog]", "id").jsonText
        #expect(id.contains(#""maxLength":36"#) && id.contains(#""minLength":36"#), "\(id)")
    }
}
