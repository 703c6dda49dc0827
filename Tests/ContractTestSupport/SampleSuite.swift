/// Contracts and fixtures written for these tests.
package enum SampleSuite {
    package static let dogs = """
        [
          {"id": "11111111-2222-4333-8444-555555555555", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA",
           "about": "Sleeps in the laundry basket.", "breed": "Pug", "name": "Noodle", "birthday": 600000000,
           "created": 700000000, "breederRating": 4.2, "cost": 850, "imageURL": "https://img.test/noodle.png"},
          {"id": "22222222-3333-4444-8555-666666666666", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA",
           "about": "Fetches, then negotiates.", "breed": "Poodle", "name": "Olive", "birthday": 610000000,
           "created": 700000100, "breederRating": 4.9, "cost": 1200.5, "imageURL": "https://img.test/olive.png"}
        ]
        """

    /// The second dog's `id` is missing (line 7 of the file).
    package static let dogsMissingID = """
        [
          {"id": "11111111-2222-4333-8444-555555555555", "sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA",
           "about": "a", "breed": "Pug", "name": "Noodle", "birthday": 1, "created": 2, "breederRating": 4.2,
           "cost": 850, "imageURL": "https://img.test/noodle.png"},
          {"sellerID": "66666666-7777-4888-9999-AAAAAAAAAAAA",
           "about": "a", "breed": "Poodle", "name": "Olive", "birthday": 1, "created": 2, "breederRating": 4.9,
           "cost": 1, "imageURL": "https://img.test/olive.png"}
        ]
        """

    /// A passing endpoint contract with four cases.
    package static let dogsContract = """
        {
          "endpoint": "dogpatch.getDogs",
          "request": { "method": "GET", "path": "/api/v1/dogs", "query": {} },
          "cases": [
            { "name": "two dogs", "response": { "fixture": "dogs.json" },
              "expect": { "decodes": true, "count": 2, "values": { "[1].name": "Olive", "[0].cost": 850 } } },
            { "name": "missing id", "response": { "fixture": "dogs-missing-id.json" },
              "expect": { "error": "jsonConversionFailure", "path": "[1].id" } },
            { "name": "not found", "response": { "status": 404 },
              "expect": { "error": "responseUnsuccessful", "status": 404 } },
            { "name": "offline", "response": { "networkError": "notConnectedToInternet" },
              "expect": { "error": "responseUnsuccessful" } }
          ]
        }
        """

    /// Writes the fixtures and the passing contract as `contracts/good.json`.
    package static func write(into folder: borrowing SuiteFolder) throws {
        try folder.write("Fixtures/dogs.json", dogs)
        try folder.write("Fixtures/dogs-missing-id.json", dogsMissingID)
        try folder.write("contracts/good.json", dogsContract)
    }
}
