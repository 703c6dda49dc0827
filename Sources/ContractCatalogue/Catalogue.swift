import Foundation

/// The endpoints and models the contract tool can check. Adding an endpoint or a model is one entry here.
public struct Catalogue: Sendable {
    /// What messages call the catalogue, such as `todo` ("the todo catalogue"); `nil` for one
    /// without a name ("the catalogue in use").
    public let name: String?
    /// The endpoints, by the names contracts use.
    public let endpoints: [Endpoint]
    /// The models, by the names contracts use.
    public let models: [ModelDescriptor]

    /// Creates a catalogue.
    /// - Parameters:
    ///   - name: What messages call it, such as `todo`, so that an unknown name says which
    ///     catalogue was searched; `nil` for none.
    ///   - endpoints: The endpoints.
    ///   - models: The models; each endpoint's model is added when missing (a call that returns
    ///     nothing has none).
    public init(name: String? = nil, endpoints: [Endpoint], models: [ModelDescriptor] = []) {
        self.name = name
        self.endpoints = endpoints
        var models = models
        for endpoint in endpoints
        where endpoint.model.readsBody && !models.contains(where: { $0.name == endpoint.model.name }) {
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
