import Foundation

/// The endpoints and models the contract tool can check. Adding an endpoint or a model is one entry here.
public struct Catalogue: Sendable {
    /// The endpoints, by the names contracts use.
    public let endpoints: [Endpoint]
    /// The models, by the names contracts use.
    public let models: [ModelDescriptor]

    /// Creates a catalogue.
    /// - Parameters:
    ///   - endpoints: The endpoints.
    ///   - models: The models; each endpoint's model is added when missing.
    public init(endpoints: [Endpoint], models: [ModelDescriptor]) {
        self.endpoints = endpoints
        var models = models
        for endpoint in endpoints where !models.contains(where: { $0.name == endpoint.model.name }) {
            models.append(endpoint.model)
        }
        self.models = models
    }

    /// The endpoint with a name.
    /// - Parameter name: The name contracts use.
    /// - Returns: The endpoint, or `nil`.
    public func endpoint(named name: String) -> Endpoint? {
        endpoints.first { $0.name == name }
    }

    /// The model with a name.
    /// - Parameter name: The name contracts use.
    /// - Returns: The model, or `nil`.
    public func model(named name: String) -> ModelDescriptor? {
        models.first { $0.name == name }
    }

    /// The APIs the endpoints belong to, in catalogue order: `dogpatch`, `countries`.
    public var apis: [String] {
        endpoints.map(\.api).reduce(into: []) { names, api in if !names.contains(api) { names.append(api) } }
    }

    /// The base URL of an API: that of its first endpoint.
    /// - Parameter api: The API's name, such as `countries`.
    /// - Returns: The URL, or `nil` for an API the catalogue does not have.
    public func baseURL(ofAPI api: String) -> URL? {
        endpoints.first { $0.api == api }?.baseURL
    }
}

extension Catalogue {
    /// The real clients: DogPatch and restcountries.
    public static let standard = Catalogue(
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
