extension ResponseSpec {
    /// How messages name the response: `HTTP 500`, `networkError notConnectedToInternet`.
    var summary: String {
        switch kind {
        case .http(let status, _, _): "HTTP \(status)"
        case .networkError(_, let name): "networkError \(name)"
        }
    }
}
