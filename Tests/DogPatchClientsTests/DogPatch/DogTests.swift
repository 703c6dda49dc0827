import DogPatchClients
import Foundation
import Testing

@Suite("Dog model")
struct DogTests {
    @Test("decodes every field and ignores keys it does not name")
    func decodes() throws {
        let dogs = try DogPatchAPI.makeDecoder().decode([Dog].self, from: body(SampleBodies.twoDogs))
        let juniper = try #require(dogs.first)
        #expect(juniper.id == UUID(uuidString: "5A0F1C2E-9B7D-4E11-8C3A-2F6B9D4E7A01"))
        #expect(juniper.breed == "Border Collie")
        #expect(juniper.created == Date(timeIntervalSinceReferenceDate: 720_000_000.5))
        #expect(juniper.breederRating == 4.5)
        #expect(juniper.imageURL.absoluteString == "https://images.example.com/dogs/juniper.png")
    }

    @Test("re-encodes to the same keys and values it was decoded from")
    func roundTrip() throws {
        let dogs = try DogPatchAPI.makeDecoder().decode([Dog].self, from: body(SampleBodies.twoDogs))
        let encoded = try DogPatchAPI.makeEncoder().encode(dogs)
        let again = try DogPatchAPI.makeDecoder().decode([Dog].self, from: encoded)
        #expect(again == dogs)
        let objects = try #require(try JSONSerialization.jsonObject(with: encoded) as? [[String: Any]])
        #expect(
            Set(objects[0].keys) == [
                "id", "sellerID", "about", "breed", "name", "birthday", "created",
                "breederRating", "cost", "imageURL",
            ])
        #expect(objects[1]["cost"] as? Double == 899)
    }

    @Test("a cost that is not a number is a type mismatch at its path")
    func costNotNumber() throws {
        let json = SampleBodies.twoDogs.replacingOccurrences(of: "\"cost\": 899", with: "\"cost\": \"free\"")
        #expect(throws: DecodingError.self) { try DogPatchAPI.makeDecoder().decode([Dog].self, from: body(json)) }
        do {
            _ = try DogPatchAPI.makeDecoder().decode([Dog].self, from: body(json))
        } catch {
            #expect(DecodingFailure(error).path == "[1].cost")
        }
    }
}
