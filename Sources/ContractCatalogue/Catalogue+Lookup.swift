extension Catalogue {
    /// The endpoint with a name, or why there is none.
    /// - Parameter name: The name contracts use.
    /// - Returns: The endpoint, or an error listing the known ones, and the nearest when it differs
    ///   in a letter or two (or in case only: `Countries.ByName`).
    public func endpoint(resolving name: String) -> Result<Endpoint, CatalogueLookupError> {
        guard let endpoint = endpoint(named: name) else {
            let known = endpoints.map { "\"\($0.name)\"" }.joined(separator: ", ")
            return .failure(
                CatalogueLookupError(
                    subject: .endpoint,
                    message:
                        "unknown endpoint \"\(name)\"; \(called) has \(known.isEmpty ? "none" : known); \(Self.ownPlace("endpoints"))"
                        + NearestName.didYouMean(name, amongListed: endpoints.map(\.name))
                ))
        }
        return .success(endpoint)
    }

    /// The model with a name, checked against the endpoint that decodes into it, or why not.
    /// - Parameters:
    ///   - name: The name contracts use.
    ///   - endpoint: The endpoint the model must match, if any.
    /// - Returns: The model, or an error naming the known models or the endpoint's own.
    public func model(resolving name: String, for endpoint: Endpoint?) -> Result<ModelDescriptor, CatalogueLookupError>
    {
        guard let model = model(named: name) else {
            return .failure(
                CatalogueLookupError(
                    subject: .model,
                    message:
                        "unknown model \"\(name)\"; \(called) has \(models.isEmpty ? "none" : knownModels); \(Self.ownPlace("models"))"
                        + NearestName.didYouMean(name, amongListed: models.map(\.name))
                ))
        }
        if let endpoint, endpoint.model.name != model.name {
            return .failure(
                CatalogueLookupError(
                    subject: .model,
                    message:
                        "model \"\(model.name)\" does not match endpoint \"\(endpoint.name)\", which decodes \"\(endpoint.model.name)\""
                ))
        }
        return .success(model)
    }

    /// An endpoint and a model named together, either of them optional: the model is the one
    /// named, or the endpoint's.
    /// - Parameters:
    ///   - endpoint: The endpoint's name, if one was given.
    ///   - model: The model's name, if one was given.
    /// - Returns: The endpoint (when named) and the model (when named or implied), or the first problem.
    public func resolve(endpoint: String?, model: String?) -> Result<
        (endpoint: Endpoint?, model: ModelDescriptor?), CatalogueLookupError
    > {
        var found: Endpoint?
        if let endpoint {
            switch self.endpoint(resolving: endpoint) {
            case .success(let resolved): found = resolved
            case .failure(let error): return .failure(error)
            }
        }
        guard let model else { return .success((found, found?.model)) }
        return self.model(resolving: model, for: found).map { (found, $0) }
    }

    /// The catalogue as messages call it: `the built-in catalogue`, `the todo catalogue`, or `the
    /// catalogue in use` for one without a name.
    public var called: String {
        name.map { "the \($0) catalogue" } ?? "the catalogue in use"
    }

    /// Where an app's own endpoints or models go, for a message about a name the catalogue lacks:
    /// the user may have meant one of their own, which this catalogue cannot have.
    private static func ownPlace(_ what: String) -> String {
        "an app's own \(what) go in its own catalogue (docs/your-own-endpoint.md)"
    }

    /// The known models, quoted, for messages.
    public var knownModels: String { models.map { "\"\($0.name)\"" }.joined(separator: ", ") }
}
