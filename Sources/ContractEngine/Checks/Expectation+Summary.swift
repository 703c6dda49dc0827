import ContractCatalogue

extension Expectation {
    /// How messages name the expectation: `responseUnsuccessful(404)`, `a decoded [Dog]`.
    func summary(model: ModelDescriptor) -> String {
        switch kind {
        case .decodes(let count?, _):
            "a decoded \(model.name) of \(count.value) \(count.value == 1 ? "element" : "elements")"
        case .decodes(nil, _): "a decoded \(model.name)"
        case .error(let name, let status?, _): "\(name.name)(\(status.value))"
        case .error(let name, _, let path?): "\(name.name) at \(path.value)"
        case .error(let name, _, _): name.name
        }
    }
}
