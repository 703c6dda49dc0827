import Foundation
import Testing

@testable import ContractEngine

@Suite("snake case keys")
struct SnakeCaseTests {
    /// Any key, so a model can list the keys a decoder hands it.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The keys of an object as the decoder hands them to a model.
    struct Keys: Decodable {
        let keys: [String]
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }

    @Test(
        "keys convert as JSONDecoder's convertFromSnakeCase converts them",
        arguments: [
            "user_ID", "_a_b_", "a__b", "__", "_", "", "a", "hello_world", "HELLO_WORLD", "a_b_c", "_leading",
            "trailing_", "__x__y__", "a_1", "a_b1_c", "é_é", "camelCase", "a_ß", "snake_case_URL_id", "a-b", "a_b-c",
            "a_b c", "a_1a",
        ])
    func matchesFoundation(key: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let body = try JSONSerialization.data(withJSONObject: [key: 1])
        let foundation = try decoder.decode(Keys.self, from: body).keys
        #expect([SnakeCase.camelCase(key)] == foundation)
    }

    /// A model of one key, written by `JSONEncoder`.
    struct One: Encodable {
        let key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(1, forKey: AnyKey(stringValue: key))
        }
    }

    @Test(
        "a missing key is named as JSONEncoder's convertToSnakeCase writes it, where that form converts back",
        arguments: ["issuedAt", "a1B", "x", "highTemp", "windSpeedKmh", "_private"])
    func missingKeyMatchesFoundation(key: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let written = try JSONSerialization.jsonObject(with: encoder.encode(One(key: key))) as? [String: Int]
        #expect(SnakeCase.snakeCase(key).map { [$0] } == written.map { Array($0.keys) })
    }

    @Test("a key no snake-case form converts back to keeps the model's name: JSONDecoder could never have read it")
    func noRoundTrip() {
        #expect(SnakeCase.snakeCase("userID") == nil)
        #expect(SnakeCase.snakeCase("myURLProperty") == nil)
    }
}
