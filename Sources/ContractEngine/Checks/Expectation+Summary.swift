import ContractCatalogue

extension Expectation {
    /// How messages name the expectation: `responseUnsuccessful(404)`, `a decoded [Dog]`.
    func summary(model: ModelDescriptor) -> String {
        switch kind {
        case .decodes(let count?, _):
            "a decoded \(model.name) of \(count.value) \(count.value == 1 ? "element" : "elements")"
        case .decodes(nil, _): "a decoded \(model.name)"
        case .error(.responseUnsuccessful, let status?, _): "responseUnsuccessful(\(status.value))"
        case .error(.jsonConversionFailure, _, let path?): "jsonConversionFailure at \(path.value)"
        case .error(let kind, _, _): kind.rawValue
        }
    }
}
