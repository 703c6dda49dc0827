// The catalogue's types live in ContractCatalogue; the built-in clients are its first entries.
@_exported import ContractCatalogue
import Foundation

extension Catalogue {
    /// The real clients: DogPatch and restcountries.
    public static let standard = Catalogue(
        name: "built-in",
        endpoints: [.dogPatchGetDogs, .countriesAll, .countriesByName],
        models: [.dog, .dogs, .country, .countries]
    )
}

extension ModelDescriptor {
    /// One DogPatch dog.
    public static let dog = ModelDescriptor(
        Dog.self, name: "Dog", makeDecoder: DogPatchAPI.makeDecoder, makeEncoder: DogPatchAPI.makeEncoder,
        identifyingPaths: dogIdentity
    )
    /// A page of DogPatch dogs.
    public static let dogs = ModelDescriptor(
        [Dog].self, name: "[Dog]", makeDecoder: DogPatchAPI.makeDecoder, makeEncoder: DogPatchAPI.makeEncoder,
        identifyingPaths: dogIdentity
    )
    /// One restcountries country.
    public static let country = ModelDescriptor(
        Country.self, name: "Country",
        makeDecoder: RestCountriesAPI.makeDecoder, makeEncoder: RestCountriesAPI.makeEncoder,
        identifyingPaths: countryIdentity
    )
    /// A list of restcountries countries.
    public static let countries = ModelDescriptor(
        [Country].self, name: "[Country]",
        makeDecoder: RestCountriesAPI.makeDecoder, makeEncoder: RestCountriesAPI.makeEncoder,
        identifyingPaths: countryIdentity
    )

    private static let dogIdentity = ["name", "breed", "id"]
    private static let countryIdentity = ["name.common", "cca3", "region"]
}

extension Endpoint {
    /// `GET https://dogpatchserver.herokuapp.com/api/v1/dogs` into `[Dog]`.
    public static let dogPatchGetDogs = Endpoint(name: "dogpatch.getDogs", model: .dogs, baseURL: DogPatchAPI.baseURL) {
        call in
        let client = DogPatchClient(
            baseURL: call.baseURL ?? DogPatchAPI.baseURL, session: call.session, responseQueue: call.responseQueue)
        client.getDogs { result in
            call.completion(result.map { DecodedValue($0, makeEncoder: DogPatchAPI.makeEncoder) })
        }
    }

    /// `GET https://restcountries.com/v3.1/all?fields=a,b` into `[Country]`.
    public static let countriesAll = Endpoint(
        name: "countries.all", model: .countries, parameters: [Parameter("fields", .strings)],
        baseURL: RestCountriesAPI.baseURL
    ) { call in
        countriesClient(for: call).request(.all(fields: call.strings("fields"))) {
            (result: Result<[Country], APIError>) in
            call.completion(result.map { DecodedValue($0, makeEncoder: RestCountriesAPI.makeEncoder) })
        }
    }

    /// `GET https://restcountries.com/v3.1/name/{name}?fullText=true` into `[Country]`.
    public static let countriesByName = Endpoint(
        name: "countries.byName", model: .countries,
        parameters: [Parameter("name", .string, required: true), Parameter("fullText", .bool)],
        baseURL: RestCountriesAPI.baseURL
    ) { call in
        let route = CountriesRoute.byName(call.string("name") ?? "", fullText: call.bool("fullText") ?? false)
        countriesClient(for: call).request(route) { (result: Result<[Country], APIError>) in
            call.completion(result.map { DecodedValue($0, makeEncoder: RestCountriesAPI.makeEncoder) })
        }
    }

    private static func countriesClient(for call: Invocation) -> CountriesClient {
        CountriesClient(
            baseURL: call.baseURL ?? RestCountriesAPI.baseURL, session: call.session, responseQueue: call.responseQueue)
    }
}
