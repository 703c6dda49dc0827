import ContractCatalogue

extension Expectation {
    /// How messages name the expectation: `responseUnsuccessful(404)`, `a decoded [Dog]`,
    /// `noQuery before sending`.
    func summary(model: ModelDescriptor) -> String {
        if beforeSending, case .error(let name, _, _) = kind { return "\(name.name) before sending" }
        return switch kind {
        case .decodes where !model.readsBody: "success"
        case .decodes(let count?, _):
            "a decoded \(model.name) of \(count.value) \(count.value == 1 ? "element" : "elements")"
        case .decodes(nil, _): "a decoded \(model.name)"
        case .error(let name, let status?, _): "\(name.name)(\(status.value))"
        case .error(let name, _, let path?): "\(name.name) at \(path.value)"
        case .error(let name, _, _): name.name
        }
    }
}
