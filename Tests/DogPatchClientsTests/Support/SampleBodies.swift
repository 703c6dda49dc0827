import Foundation

/// Bodies written for these tests, with their own values.
enum SampleBodies {
    static let twoDogs = """
        [
          {"id": "5A0F1C2E-9B7D-4E11-8C3A-2F6B9D4E7A01", "sellerID": "C7D2A9F0-1E3B-4C5D-9A8B-7E6F5D4C3B21",
           "about": "Loves long walks on Ocean Beach.", "breed": "Border Collie", "name": "Juniper",
           "birthday": 700000000, "created": 720000000.5, "breederRating": 4.5, "cost": 1250.75,
           "imageURL": "https://images.example.com/dogs/juniper.png", "gender": "female"},
          {"id": "8E4B2D6C-3F1A-4B9E-A7C5-1D2E3F4A5B62", "sellerID": "C7D2A9F0-1E3B-4C5D-9A8B-7E6F5D4C3B21",
           "about": "Naps in sunbeams, barks at pelicans.", "breed": "Corgi", "name": "Biscuit",
           "birthday": 690000000, "created": 720000100, "breederRating": 3.0, "cost": 899,
           "imageURL": "https://images.example.com/dogs/biscuit.png"}
        ]
        """

    /// The second dog lacks `name`.
    static let dogMissingName = """
        [
          {"id": "5A0F1C2E-9B7D-4E11-8C3A-2F6B9D4E7A01", "sellerID": "C7D2A9F0-1E3B-4C5D-9A8B-7E6F5D4C3B21",
           "about": "a", "breed": "b", "name": "Juniper", "birthday": 1, "created": 2, "breederRating": 4.5,
           "cost": 10, "imageURL": "https://images.example.com/a.png"},
          {"id": "8E4B2D6C-3F1A-4B9E-A7C5-1D2E3F4A5B62", "sellerID": "C7D2A9F0-1E3B-4C5D-9A8B-7E6F5D4C3B21",
           "about": "a", "breed": "b", "birthday": 1, "created": 2, "breederRating": 4.5,
           "cost": 10, "imageURL": "https://images.example.com/b.png"}
        ]
        """

    static let twoCountries = """
        [
          {"name": {"common": "Freedonia", "official": "Republic of Freedonia",
                    "nativeName": {"fdn": {"official": "Republika Fridonija", "common": "Fridonija"}}},
           "cca2": "FD", "capital": ["Marxville"], "area": 1234.5, "population": 420000,
           "currencies": {"FDD": {"name": "Freedonian ducat", "symbol": "₣"}},
           "languages": {"fdn": "Freedonian"},
           "flags": {"png": "https://flags.example.com/fd.png", "svg": "https://flags.example.com/fd.svg",
                     "alt": "A goose on a green field."}},
          {"name": {"common": "Sylvania", "official": "Kingdom of Sylvania"}, "cca2": "SY", "area": 0.75}
        ]
        """

    /// `population` is a string in the second country.
    static let countryWithStringPopulation = """
        [{"name": {"common": "Freedonia"}}, {"name": {"common": "Sylvania"}, "population": "many"}]
        """
}
